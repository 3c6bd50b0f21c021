import type { GraphIndex } from './graph.index.ts';
import type { GraphRepository } from './graph.repository.ts';
import type { GraphSync } from './graph.sync.ts';
import type { GraphTraversal } from './graph.traversal.ts';

/**
 * The engine behind the graph facade, for this module's own tests only: the facade holds it
 * under this symbol, and nothing outside `modules/graph/` may import this file
 * (eslint.boundaries.js), so no other code can reach the index, traversal, sync or repository.
 */
export const ENGINE = Symbol('the graph engine');

export type GraphEngine = {
  index: GraphIndex;
  traversal: GraphTraversal;
  repo: GraphRepository;
  sync: GraphSync;
};
