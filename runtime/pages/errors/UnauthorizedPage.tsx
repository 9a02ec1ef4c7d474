/** 401: no permission for the page. */
import ErrorPage from './ErrorPage.tsx';

export default function UnauthorizedPage() {
  return <ErrorPage status="403" title="401" message="errorPage.unauthorized" />;
}
