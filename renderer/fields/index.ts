// The widgets and fields the console adds to the Fluent theme, by the names uiSchemas use.
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { ConditionsField } from './conditions/conditions-field.tsx';
import { CheckQuestionsField } from './check-questions/check-questions-field.tsx';
import { LineStopsField } from './line-stops/line-stops-field.tsx';
import { DateTimeWidget } from './date-time-widget.tsx';
import { DayWidget } from './day-widget.tsx';
import { DictionaryWidget } from './dictionary-widget.tsx';
import { MoneyWidget } from './money-widget.tsx';
import { GoodsLineField } from './goods-line/goods-line-field.tsx';
import { NumberWidget } from './number-widget.tsx';
import { PasswordWidget } from './password-widget.tsx';
import { ReferenceWidget } from './reference-widget.tsx';
import { TieredRangeField, TieredRangeWidget } from './tiered-range/tiered-range-field.tsx';
import { UploadWidget } from './upload/upload-widget.tsx';
import { ValueListWidget } from './value-list-widget.tsx';
import { YesNoWidget } from './yes-no-widget.tsx';

export function huoyunWidgets(): RegistryWidgetsType {
  return {
    dictionary: DictionaryWidget,
    reference: ReferenceWidget,
    dateTime: DateTimeWidget,
    day: DayWidget,
    number: NumberWidget,
    money: MoneyWidget,
    password: PasswordWidget,
    valueList: ValueListWidget,
    upload: UploadWidget,
    tieredRange: TieredRangeWidget,
    yesNo: YesNoWidget,
  };
}

export function huoyunFields(): RegistryFieldsType {
  return {
    tieredRange: TieredRangeField as RegistryFieldsType[string],
    goodsLine: GoodsLineField as RegistryFieldsType[string],
    conditions: ConditionsField as RegistryFieldsType[string],
    checkQuestions: CheckQuestionsField as RegistryFieldsType[string],
    lineStops: LineStopsField as RegistryFieldsType[string],
  };
}

export type { HuoyunFormContext } from './form-context.ts';
