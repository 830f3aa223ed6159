import type { RouteData } from '../../src/shared/types.ts';

/** 'Was this doc helpful?' with Yes and No; the client swaps in the thanks. */
export function Feedback({ data }: { data: RouteData }) {
  const { feedback } = data.config;
  return (
    <div className="feedback" data-feedback="" data-endpoint={feedback.endpoint ?? ''}>
      <p className="feedback-question">{feedback.question}</p>
      <div className="feedback-buttons">
        <button type="button" data-helpful="true">
          Yes
        </button>
        <button type="button" data-helpful="false">
          No
        </button>
      </div>
      <p className="feedback-thanks" hidden>
        Thanks for the feedback!
      </p>
    </div>
  );
}
