import { Button, Placeholder, Spinner } from "@telegram-apps/telegram-ui";
import type { ReactNode } from "react";
import type { Resource } from "../lib/use-resource";

type StateViewProps =
  | { kind: "loading"; label: string; showLabel?: boolean }
  | { kind: "error"; message: string; onRetry: () => void; retryLabel?: string }
  | { kind: "empty"; title: string; description?: ReactNode; icon?: ReactNode; action?: ReactNode };

/** The one way a list or page shows loading, a failure with Retry, or that it has nothing. */
export function StateView(props: StateViewProps) {
  if (props.kind === "loading") {
    return (
      <div className="state-view state-loading" role="status" aria-label={props.label}>
        <Spinner size="m" />
        {props.showLabel ? <p className="hint">{props.label}</p> : null}
      </div>
    );
  }
  if (props.kind === "error") {
    return (
      <Placeholder
        className="state-view"
        header={props.message}
        action={
          <Button mode="bezeled" size="m" onClick={props.onRetry}>
            {props.retryLabel ?? "Retry"}
          </Button>
        }
      />
    );
  }
  return (
    <Placeholder
      className="state-view"
      header={props.title}
      description={props.description}
      action={props.action}
    >
      {props.icon ? (
        <span className="state-icon" aria-hidden="true">
          {props.icon}
        </span>
      ) : null}
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
