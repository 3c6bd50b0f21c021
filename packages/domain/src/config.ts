import { z } from 'zod';

/** What the server tells the web app about itself at start-up. */
export const publicConfigSchema = z.object({
  productName: z.string(),
  passwordAuth: z.boolean(),
  devSignIn: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
