/** The files module's surface for other modules: the stored photos. */
export { filesRepository } from './files.repository.js';
