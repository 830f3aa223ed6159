import { useRouteData } from '../route-data-context.ts';
import { Alert } from './Alert.tsx';
import { DocImage as DocImageView, type DocImageProps } from './DocImage.tsx';
import { RelOutput as RelOutputView, type RelOutputProps } from './RelOutput.tsx';

/*
 * The theme's own MDX components, as the built-in `docs-gen:theme-components` plugin registers
 * them (`mdxComponents`): the same way any plugin adds a component. They read the page from
 * the renderer's context, as a third party's component would (`docs-gen/theme`).
 */

export { Alert };

export function DocImage(props: DocImageProps) {
  return <DocImageView data={useRouteData()} {...props} />;
}

export function RelOutput(props: RelOutputProps) {
  return <RelOutputView data={useRouteData()} {...props} />;
}
