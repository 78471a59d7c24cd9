import { useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { AutoComplete, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { pagesFor, searchPages } from '../lib/pages';
import { useAuth } from '../../../lib/auth';

/** Header search: filters the dashboard pages by title or keyword; choosing one opens it. */
export function PageSearch(): ReactElement {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const { user } = useAuth();
  const matches = searchPages(query, pagesFor(user?.roles));
  const go = (path: string) => {
    setQuery('');
    navigate(path);
  };
  return (
    <AutoComplete
      className="dash-search"
      value={query}
      options={matches.map((p) => ({
        value: p.path,
        label: (
          <span className="dash-search__option">
            <strong>{p.title}</strong>
            <small>{p.label}</small>
          </span>
        ),
      }))}
      onSearch={setQuery}
      onSelect={(path: string) => go(path)}
      popupMatchSelectWidth={280}
      defaultActiveFirstOption
    >
      <Input
        aria-label="Search dashboard pages"
        placeholder="Search pages…"
        prefix={<SearchOutlined aria-hidden />}
        allowClear
      />
    </AutoComplete>
  );
}
