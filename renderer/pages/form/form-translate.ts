// RJSF's own strings (buttons, fallbacks, array labels) in Chinese: no English may reach the screen.
import { replaceStringParameters, TranslatableString } from '@rjsf/utils';

const ZH: Record<TranslatableString, string> = {
  [TranslatableString.ArrayItemTitle]: '项',
  [TranslatableString.MissingItems]: '缺少数组项定义',
  [TranslatableString.EmptyArray]: '暂无数据，请点击下方按钮添加',
  [TranslatableString.YesLabel]: '是',
  [TranslatableString.NoLabel]: '否',
  [TranslatableString.CloseLabel]: '关闭',
  [TranslatableString.ErrorsLabel]: '错误',
  [TranslatableString.NewStringDefault]: '新值',
  [TranslatableString.AddButton]: '添加',
  [TranslatableString.AddItemButton]: '添加一项',
  [TranslatableString.CopyButton]: '复制',
  [TranslatableString.ExpandButton]: '展开',
  [TranslatableString.MoveDownButton]: '下移',
  [TranslatableString.MoveUpButton]: '上移',
  [TranslatableString.RemoveButton]: '删除',
  [TranslatableString.NowLabel]: '现在',
  [TranslatableString.ClearLabel]: '清空',
  [TranslatableString.AriaDateLabel]: '选择日期',
  [TranslatableString.PreviewLabel]: '预览',
  [TranslatableString.DecrementAriaLabel]: '减一',
  [TranslatableString.IncrementAriaLabel]: '加一',
  [TranslatableString.OptionalObjectAdd]: '添加可选内容',
  [TranslatableString.OptionalObjectRemove]: '移除可选内容',
  [TranslatableString.OptionalObjectEmptyMsg]: '暂无数据',
  [TranslatableString.Type]: '类型',
  [TranslatableString.Value]: '值',
  [TranslatableString.ClearButton]: '清空',
  [TranslatableString.UnknownFieldType]: '未知的字段类型 %1',
  [TranslatableString.OptionPrefix]: '选项 %1',
  [TranslatableString.TitleOptionPrefix]: '%1 选项 %2',
  [TranslatableString.KeyLabel]: '%1 键',
  [TranslatableString.DeprecatedLabel]: '%1（已废弃）',
  [TranslatableString.CycleDetected]: '字段“%1”存在循环引用',
  [TranslatableString.InvalidObjectField]: '字段“%1”的配置无效：_%2_。',
  [TranslatableString.UnsupportedField]: '不支持的字段定义。',
  [TranslatableString.UnsupportedFieldWithId]: '字段 `%1` 的定义不受支持。',
  [TranslatableString.UnsupportedFieldWithReason]: '不支持的字段定义：_%1_。',
  [TranslatableString.UnsupportedFieldWithIdAndReason]: '字段 `%1` 的定义不受支持：_%2_。',
  [TranslatableString.FilesInfo]: '**%1**（%2，%3 字节）',
};

export function translateString(key: TranslatableString, params?: string[]): string {
  return replaceStringParameters(ZH[key] ?? key, params);
}
