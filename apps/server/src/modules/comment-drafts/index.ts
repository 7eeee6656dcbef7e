// The public face of the comment-drafts module: what other modules, app.ts and the CLI may use.
export { draftComments } from './draft-comments.service';
