import { describe, expect, it } from 'vitest';
import { SqlSplitter } from './sql-splitter';

/** The statements of `sql` fed in chunks of `size` characters (whole when omitted). */
function split(sql: string, size = sql.length || 1): string[] {
  const splitter = new SqlSplitter();
  const out: string[] = [];
  for (let i = 0; i < sql.length; i += size) out.push(...splitter.push(sql.slice(i, i + size)));
  out.push(...splitter.end());
  return out;
}

/** Every case, with the statements it must split into. */
const cases: { name: string; sql: string; statements: string[] }[] = [
  { name: 'plain statements', sql: 'select 1;\nselect 2 ;', statements: ['select 1;', 'select 2 ;'] },
  {
    name: "a ; and '' inside a string",
    sql: "insert into t values ('a;b''c;', 'x');select 2;",
    statements: ["insert into t values ('a;b''c;', 'x');", 'select 2;'],
  },
  {
    name: "a ; and \\' and '' inside an E'' string",
    sql: "select E'it\\'s; \\\\', e'a'';\\';b';select 2;",
    statements: ["select E'it\\'s; \\\\', e'a'';\\';b';", 'select 2;'],
  },
  {
    name: 'a backslash before the quote of a standard string (no escape there)',
    sql: "select 'C:\\';select 'x';",
    statements: ["select 'C:\\';", "select 'x';"],
  },
  {
    name: "a word ending in E before a quote is no E'' string",
    sql: "select namE'a\\';select 2;",
    statements: ["select namE'a\\';", 'select 2;'],
  },
  {
    name: 'a ; and "" inside a quoted identifier',
    sql: 'create table "we;ird""x;" (a int);select 2;',
    statements: ['create table "we;ird""x;" (a int);', 'select 2;'],
  },
  {
    name: 'a ; and quotes inside $$',
    sql: 'create function f() returns text as $$ select \'a;\'; select "b"; $$ language sql;select 2;',
    statements: ['create function f() returns text as $$ select \'a;\'; select "b"; $$ language sql;', 'select 2;'],
  },
  {
    name: 'a ; and $$ inside $tag$',
    sql: "do $body$ begin perform $$x;$$; raise notice 'y;'; end $body$;select 2;",
    statements: ["do $body$ begin perform $$x;$$; raise notice 'y;'; end $body$;", 'select 2;'],
  },
  {
    name: '$ inside a word, and parameters, open no quote',
    sql: 'create table t$x (a int);select $1, a$$b;select 2;',
    statements: ['create table t$x (a int);', 'select $1, a$$b;', 'select 2;'],
  },
  {
    name: 'a ; and a quote inside a -- comment',
    sql: "select 1 -- it's; done\n, 2;select 3; -- trailing; 'comment",
    statements: ["select 1 -- it's; done\n, 2;", 'select 3;'],
  },
  {
    name: 'a ; inside nested /* */ comments',
    sql: "/* a; /* nested; */ still'; */ select 1;select 2 /* x; */;",
    statements: ["/* a; /* nested; */ still'; */ select 1;", 'select 2 /* x; */;'],
  },
  {
    name: 'a minus and a slash outside comments',
    sql: 'select 4-1, 6/2;select 2;',
    statements: ['select 4-1, 6/2;', 'select 2;'],
  },
  {
    name: 'statements of only comments and space dropped, a last one without ; kept',
    sql: '-- header\n/* note */;\n\n;select 1;\n  select 2',
    statements: ['select 1;', 'select 2'],
  },
];

describe('SqlSplitter', () => {
  it.each(cases)('$name', ({ sql, statements }) => {
    expect(split(sql)).toEqual(statements);
  });

  it.each(cases)('$name, fed one character at a time', ({ sql, statements }) => {
    expect(split(sql, 1)).toEqual(statements);
  });

  it.each([2, 3, 5, 7])('every case together, fed in chunks of %i', (size) => {
    const sql = cases.map((c) => c.sql + (c.sql.trimEnd().endsWith(';') ? '' : ';')).join('\n');
    expect(split(sql, size)).toEqual(split(sql));
    expect(split(sql, size)).toHaveLength(cases.reduce((n, c) => n + c.statements.length, 0));
  });

  it('a pg_dump INSERT with many rows is one statement', () => {
    const sql = [
      'SET standard_conforming_strings = on;',
      "SELECT pg_catalog.set_config('search_path', '', false);",
      'INSERT INTO public.bookings VALUES',
      "\t(1, 'O''Brien; Pat', 'He said \"hi\"; $$ and $x$', NULL),",
      "\t(2, 'Zoë', E'line\\nbreak', '{\"a\": \";\"}');",
    ].join('\n');
    const statements = split(sql, 1);
    expect(statements).toHaveLength(3);
    expect(statements[2]).toMatch(/^INSERT INTO public\.bookings VALUES\n\t\(1, [\s\S]*'\{"a": ";"\}'\);$/);
  });

  it.each([
    ["select 'open", 'a quoted string'],
    ["select E'open\\'", 'a quoted string'],
    ['select "open', 'a quoted identifier'],
    ['select $q$ open $$', 'a $q$ quote'],
    ['/* open /* */', 'a /* comment */'],
  ])('refuses SQL that ends inside a quote or comment: %s', (sql, what) => {
    expect(() => split(sql, 1)).toThrow(`The SQL ends inside ${what}.`);
  });
});
