import type { RouteData } from '../../src/shared/types.ts';

/** 'Was this doc helpful?' with Yes and No; the client swaps in the thanks. */
export function Feedback({ data }: { data: RouteData }) {
  const { feedback } = data.config;
  const strings = data.strings;
  return (
    <div className="feedback" data-feedback="" data-endpoint={feedback.endpoint ?? ''}>
      <p className="feedback-question">{strings.feedbackQuestion}</p>
      <div className="feedback-buttons">
        <button type="button" data-helpful="true">
          {strings.feedbackYes}
        </button>
        <button type="button" data-helpful="false">
          {strings.feedbackNo}
        </button>
      </div>
      <p className="feedback-thanks" hidden>
        {strings.feedbackThanks}
      </p>
    </div>
  );
}
