/**
 * /example/list: the generic resource page over the MockArticle resource
 * (schemas/resources/mock-article.json, rows from the mock call queryMockArticle). Its two
 * custom actions are `open` actions of the file that open the article editor: "write" a new
 * article (/example/create), "edit" the row's (/example/edit/:id).
 */
import ResourcePage from '../../../resource/ResourcePage.tsx';

export default ResourcePage;
