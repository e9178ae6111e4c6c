import { Tabs } from '../../ui/Tabs';
import { EDITIONS, type Edition } from './content';
import './edition-tabs.css';

const ITEMS = (Object.keys(EDITIONS) as Edition[]).map((value) => ({ value, label: EDITIONS[value] }));

/** Investment-institution or industrial-park edition: which modules the page lists (kept in ?edition=). */
export function EditionTabs({ value, onChange }: { value: Edition; onChange: (e: Edition) => void }) {
  return <Tabs className="edition-tabs" label="产品版本" value={value} onValueChange={onChange} items={ITEMS} />;
}
