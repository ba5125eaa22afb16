// Clickreel's component kit: every control of the editor and the extension's pages, on Radix primitives and the
// shared design tokens. Import the styles once per page: `import '.../shared/ui/kit.css'`.
export { Button, IconButton } from './Button';
export { Dialog } from './Dialog';
export { Menu } from './Menu';
export { NumberField, SecondsField } from './NumberField';
export { OptionGrid } from './OptionGrid';
export { RadioList } from './RadioList';
export { Section } from './Section';
export { SegmentedControl } from './SegmentedControl';
export { Slider } from './Slider';
export { Tabs } from './Tabs';
export { TextField } from './TextField';
export { Toggle } from './Toggle';
