// Clickreel's component kit: every control of the editor and the extension's pages, on Radix primitives and the
// shared design tokens. Import the styles once per page: `import '.../shared/ui/kit.css'`.
export { ALL_BUTTON_TONES, Button, type ButtonTone, IconButton } from './Button';
export { Dialog } from './Dialog';
export { Menu, type MenuItem } from './Menu';
export { keptNumber, NumberField, parseTypedNumber, SecondsField } from './NumberField';
export { type GridOption, OptionGrid } from './OptionGrid';
export { type ListOption, RadioList } from './RadioList';
export { Section } from './Section';
export { SegmentedControl, type SegmentOption } from './SegmentedControl';
export { Slider } from './Slider';
export { type Tab, Tabs } from './Tabs';
export { TextField } from './TextField';
export { Toggle } from './Toggle';
export { Tooltip } from './Tooltip';
