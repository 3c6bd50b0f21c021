// Loaded on demand by `fetchSession`: a signed-in session answer is the first thing on a cold
// load that needs the schema library, and it must not pull zod into the start-up chunk.
export { sessionResponseSchema } from '@heartline/domain';
