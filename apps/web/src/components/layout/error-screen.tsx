import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export function ErrorScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex min-h-[70vh] flex-col items-center justify-center px-6 text-center">
      <span className="mb-4 rounded-full bg-red-50 p-3 text-red-600">
        <AlertTriangle className="h-8 w-8" aria-hidden="true" />
      </span>
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-2 max-w-md text-slate-600">We encountered an unexpected error. Please try refreshing the page.</p>
      <div className="mt-6 flex gap-3">
        <Button onClick={onRetry}>Try Again</Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </div>
    </div>
  );
}

/** Catches render failures anywhere below it and shows the error screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render failed', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorScreen onRetry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}
