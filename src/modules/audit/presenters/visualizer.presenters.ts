import { VISUALIZATION_GENERATED } from '#src/modules/visualizer/index.js';
import type { PresenterTable } from './presenter.types.js';

export const visualizerPresenters: PresenterTable = {
  [VISUALIZATION_GENERATED]: ({ event, actor }) => ({
    target: null,
    sentence: `${actor} rendered pattern ${String(event.data.patternId)} on a kitchen photo`,
  }),
};
