import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashScreen } from './screens/crash-screen';

interface State {
  failed: boolean;
}

/** Last line of defence: a render error shows a way forward (reload) instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // No personal data in errors here; the stack helps a developer with the console open.
    console.error('render error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <CrashScreen /> : this.props.children;
  }
}
