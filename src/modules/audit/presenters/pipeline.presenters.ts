import type { PipelineEvent } from '#src/modules/leads/index.js';
import type { PresenterInput, PresenterTable, TargetedSentence } from './presenter.types.js';

type Data<T extends PipelineEvent['type']> = Extract<PipelineEvent, { type: T }>['data'];

const onColumn = (id: string, sentence: string): TargetedSentence => ({
  target: { kind: 'column', id },
  sentence,
});

const dataOf = <T extends PipelineEvent['type']>({ event }: PresenterInput) =>
  event.data as unknown as Data<T>;

export const pipelinePresenters: PresenterTable = {
  PipelineColumnAdded: (input) => {
    const { id, name } = dataOf<'PipelineColumnAdded'>(input);
    return onColumn(id, `${input.actor} added pipeline column ${name}`);
  },
  PipelineColumnRenamed: (input) => {
    const { id, from, to } = dataOf<'PipelineColumnRenamed'>(input);
    return onColumn(id, `${input.actor} renamed pipeline column ${from} to ${to}`);
  },
  PipelineColumnRecolored: (input) => {
    const { id, from, to } = dataOf<'PipelineColumnRecolored'>(input);
    return onColumn(
      id,
      `${input.actor} changed the colour of pipeline column ${input.names.column(id)} from ${from} to ${to}`,
    );
  },
  PipelineColumnRemoved: (input) => {
    const { id, movedLeadsTo } = dataOf<'PipelineColumnRemoved'>(input);
    const moved = movedLeadsTo ? `; its leads moved to ${input.names.column(movedLeadsTo)}` : '';
    return onColumn(id, `${input.actor} removed pipeline column ${input.names.column(id)}${moved}`);
  },
};
