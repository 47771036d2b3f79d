// The console's RJSF form: the Fluent UI v9 theme, compact inputs, the form's columns as a CSS grid,
// and the widgets of renderer/fields. Built once, on first use of a form (forms load on demand).
import { makeStyles, tokens } from '@fluentui/react-components';
import { withTheme } from '@rjsf/core';
import { Theme } from '@rjsf/fluentui-rc';
import type { ObjectFieldTemplateProps, UiSchema } from '@rjsf/utils';
import { huoyunFields, huoyunWidgets } from '../../fields/index.ts';
import { TextInputTemplate } from '../../fields/text-input-template.tsx';
import { EvaluationAnswersWidget } from './evaluation-questions.tsx';
import { CheckAnswersWidget } from './check-answers-widget.tsx';
import { EvaluationSettingField } from './evaluation-setting-field.tsx';
import { FileIdsWidget } from './file-ids-widget.tsx';
import { KeyedReferenceWidget } from './keyed-reference-widget.tsx';
import { RecordOptionsWidget } from './record-options-widget.tsx';
import { RecordPicksWidget } from './record-picks-widget.tsx';

const useStyles = makeStyles({
  grid: { display: 'grid', columnGap: tokens.spacingHorizontalXXL, rowGap: tokens.spacingVerticalS, alignItems: 'start' },
  wide: { gridColumn: '1 / -1' },
});

const optionsOf = (ui: unknown) => ((ui as UiSchema | undefined)?.['ui:options'] ?? {}) as Record<string, unknown>;

/** Properties laid out in `ui:options.columns` columns; wide fields (text areas, files, tiers) take a row. */
function GridObjectTemplate({ properties, uiSchema }: ObjectFieldTemplateProps) {
  const s = useStyles();
  const columns = Number(optionsOf(uiSchema).columns ?? 1);
  return (
    <div className={s.grid} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {properties.map((p) =>
        p.hidden ? (
          p.content
        ) : (
          <div key={p.name} className={optionsOf(uiSchema?.[p.name]).wide ? s.wide : undefined}>
            {p.content}
          </div>
        ),
      )}
    </div>
  );
}

export const HuoyunForm = withTheme({
  ...Theme,
  templates: { ...Theme.templates, ObjectFieldTemplate: GridObjectTemplate, BaseInputTemplate: TextInputTemplate },
  // Action dialogs: a select fed by the before call, ticked goods lines, and receipt files sent as their ids.
  widgets: { ...Theme.widgets, ...huoyunWidgets(), recordOptions: RecordOptionsWidget, recordPicks: RecordPicksWidget, fileIds: FileIdsWidget, keyedReference: KeyedReferenceWidget, evaluationAnswers: EvaluationAnswersWidget, checkAnswers: CheckAnswersWidget },
  // 服务评价: the settings' questions with their 预览.
  fields: { ...Theme.fields, ...huoyunFields(), evaluationSettingQuestions: EvaluationSettingField },
});
