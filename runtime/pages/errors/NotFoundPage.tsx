/** 404: the catch-all target. */
import ErrorPage from './ErrorPage.tsx';

export default function NotFoundPage() {
  return <ErrorPage status="404" title="404" message="errorPage.notFound" />;
}
