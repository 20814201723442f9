import { Button, Placeholder, Spinner } from "@telegram-apps/telegram-ui";
import type { ReactNode } from "react";
import { useT } from "../i18n/use-t";
import type { Resource } from "../lib/use-resource";

/** What a state says beyond its title: the text under it, an icon above it, and whether the title is the page's heading. */
interface StateDetails {
  description?: ReactNode;
  icon?: ReactNode;
  /** The title as the page's heading (h1 for a screen of its own), rather than a plain caption. */
  headingLevel?: 1 | 2;
  testId?: string;
}

type StateViewProps =
  | { kind: "loading"; label: string; showLabel?: boolean }
  | ({
      kind: "error";
      message: string;
      onRetry: () => void;
      retryLabel?: string;
      /** Another way out, beside Retry. */
      action?: ReactNode;
    } & StateDetails)
  | ({ kind: "empty"; title: string; action?: ReactNode } & StateDetails);

function title(text: string, level: StateDetails["headingLevel"]): ReactNode {
  return level ? (
    // biome-ignore lint/a11y/useSemanticElements: the kit's Placeholder puts its header in a <dt>, where no <h1> may go.
    <span role="heading" aria-level={level}>
      {text}
    </span>
  ) : (
    text
  );
}

function stateIcon(icon: ReactNode): ReactNode {
  return icon ? (
    <span className="state-icon" aria-hidden="true">
      {icon}
    </span>
  ) : null;
}

/** The one way a list or page shows loading, a failure with Retry, or that it has nothing. */
export function StateView(props: StateViewProps) {
  const { t } = useT();
  if (props.kind === "loading") {
    return (
      <div className="state-view state-loading" role="status" aria-label={props.label}>
        <Spinner size="m" />
        {props.showLabel ? <p className="hint">{props.label}</p> : null}
      </div>
    );
  }
  if (props.kind === "error") {
    const retry = (
      <Button mode="bezeled" size="m" onClick={props.onRetry}>
        {props.retryLabel ?? t("common.retry")}
      </Button>
    );
    return (
      <Placeholder
        className="state-view"
        data-testid={props.testId}
        header={title(props.message, props.headingLevel)}
        description={props.description}
        action={
          props.action ? (
            <div className="button-row">
              {retry}
              {props.action}
            </div>
          ) : (
            retry
          )
        }
      >
        {stateIcon(props.icon)}
      </Placeholder>
    );
  }
  return (
    <Placeholder
      className="state-view"
      data-testid={props.testId}
      header={title(props.title, props.headingLevel)}
      description={props.description}
      action={props.action}
    >
      {stateIcon(props.icon)}
    </Placeholder>
  );
}

interface ResourceViewProps<T> {
  resource: Resource<T> & { reload: () => void };
  loadingLabel: string;
  /** Show the loading label under the spinner, not only to screen readers ("Loading plans..."). */
  showLoadingLabel?: boolean;
  errorMessage: string;
  /** What to show for loaded data; return `empty` props to show the empty state instead. */
  children: (data: T) => ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: Omit<Extract<StateViewProps, { kind: "empty" }>, "kind">;
}

/** A resource's three states through StateView, and its data through `children` once loaded. */
export function ResourceView<T>({
  resource,
  loadingLabel,
  showLoadingLabel,
  errorMessage,
  children,
  isEmpty,
  empty,
}: ResourceViewProps<T>) {
  if (resource.status === "loading")
    return <StateView kind="loading" label={loadingLabel} showLabel={showLoadingLabel} />;
  if (resource.status === "error")
    return <StateView kind="error" message={errorMessage} onRetry={resource.reload} />;
  if (empty && isEmpty?.(resource.data)) return <StateView kind="empty" {...empty} />;
  return <>{children(resource.data)}</>;
}

/** A list's three states, with its empty state when the list has no item (ResourceView for arrays). */
export function ResourceList<T extends readonly unknown[]>({
  empty,
  ...view
}: Omit<ResourceViewProps<T>, "isEmpty" | "empty"> & { empty: NonNullable<ResourceViewProps<T>["empty"]> }) {
  return <ResourceView {...view} isEmpty={(items) => items.length === 0} empty={empty} />;
}
