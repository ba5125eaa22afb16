// The stored export choice's zod schema, apart from the table (export-option-table.ts): the export worker reads the
// table, and importing zod there would make every export start by compiling it.
import { z } from 'zod';
import {
  ALL_EXPORT_OPTION_NAMES,
  type ExportOptionName,
  type ExportOptions,
  exportOption,
} from './export-option-table';

/** One option's values; a value it does not take (stored by another version, or edited) becomes its first choice. */
function optionSchema(name: ExportOptionName): z.ZodType<unknown> {
  const { values, initial } = exportOption(name);
  return z
    .custom((value) => (values as readonly unknown[]).includes(value), { message: `not a ${name} value` })
    .catch(initial);
}

/** The export choice as stored: every option kept on its own, so one stale value does not reset the others. */
export const storedExportOptionsSchema = z.object(
  Object.fromEntries(ALL_EXPORT_OPTION_NAMES.map((name) => [name, optionSchema(name)])),
) as unknown as z.ZodType<ExportOptions>;
