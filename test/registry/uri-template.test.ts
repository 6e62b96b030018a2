/**
 * RFC 6570 URI templates, matched against requested URIs (the inverse of expansion).
 */
import { McpApplication, Resource } from 'declarative-mcp';
import fc from 'fast-check';
import { parseUriTemplate } from '../../src/registry';

describe('parseUriTemplate', () => {
  it('simple expansion: one variable, never spanning "/"', () => {
    const template = parseUriTemplate('notes://{slug}');
    expect(template.template).toBe('notes://{slug}');
    expect(template.variables).toEqual(['slug']);
    expect(template.match('notes://deploy')).toEqual({ slug: 'deploy' });
    expect(template.match('notes://a/b')).toBeNull();
    expect(template.match('notes://')).toBeNull();
    expect(template.match('other://deploy')).toBeNull();
    expect(template.match('xnotes://deploy')).toBeNull();
  });

  it('reserved expansion {+path} spans "/"', () => {
    const template = parseUriTemplate('files://{+path}');
    expect(template.match('files://src/index.ts')).toEqual({ path: 'src/index.ts' });
    expect(template.match('files://a%20b/c')).toEqual({ path: 'a b/c' });
  });

  it('multiple variables', () => {
    const template = parseUriTemplate('users://{user}/posts/{post}.{format}');
    expect(template.variables).toEqual(['user', 'post', 'format']);
    expect(template.match('users://ada/posts/42.json')).toEqual({
      user: 'ada',
      post: '42',
      format: 'json',
    });
    expect(template.match('users://ada/posts/42')).toBeNull();
    expect(template.match('users://ada/comments/42.json')).toBeNull();
  });

  it('several variables in one expression {a,b}', () => {
    const template = parseUriTemplate('map://{lat,lon}');
    expect(template.variables).toEqual(['lat', 'lon']);
    expect(template.match('map://59.9,10.7')).toEqual({ lat: '59.9', lon: '10.7' });
  });

  it('query expansion {?q,page}: any order, each optional', () => {
    const template = parseUriTemplate('search://items{?q,page}');
    expect(template.variables).toEqual(['q', 'page']);
    expect(template.match('search://items?q=tea&page=2')).toEqual({ q: 'tea', page: '2' });
    expect(template.match('search://items?page=3&q=green%20tea')).toEqual({
      q: 'green tea',
      page: '3',
    });
    expect(template.match('search://items?q=tea')).toEqual({ q: 'tea' });
    expect(template.match('search://items')).toEqual({});
    // Unknown query keys are not variables.
    expect(template.match('search://items?q=a&other=b')).toEqual({ q: 'a' });
    expect(template.match('search://things?q=a')).toBeNull();
  });

  it('percent-decodes values', () => {
    const template = parseUriTemplate('notes://{slug}');
    expect(template.match('notes://hello%20world')).toEqual({ slug: 'hello world' });
    expect(template.match('notes://caf%C3%A9')).toEqual({ slug: 'café' });
    expect(template.match('notes://a%2Fb')).toEqual({ slug: 'a/b' });
    // A broken escape is kept as it was sent, not a crash.
    expect(template.match('notes://100%')).toEqual({ slug: '100%' });
  });

  it('literal text with regular-expression characters is matched literally', () => {
    const template = parseUriTemplate('v1.0://a+b/{id}(x)');
    expect(template.match('v1.0://a+b/7(x)')).toEqual({ id: '7' });
    expect(template.match('v1x0://a+b/7(x)')).toBeNull();
    expect(template.match('v1.0://aab/7(x)')).toBeNull();
  });

  it('path {/a}, label {.ext} and fragment {#frag} operators', () => {
    expect(parseUriTemplate('repo://x{/owner,name}').match('repo://x/ada/notes')).toEqual({
      owner: 'ada',
      name: 'notes',
    });
    expect(parseUriTemplate('file://readme{.ext}').match('file://readme.md')).toEqual({
      ext: 'md',
    });
    expect(parseUriTemplate('doc://page{#section}').match('doc://page#intro/part')).toEqual({
      section: 'intro/part',
    });
  });

  it.each([
    ['', /empty/],
    ['notes://{slug', /unclosed "\{"/],
    ['notes://slug}', /unmatched "\}"/],
    ['notes://{a{b}}', /nested "\{"/],
    ['notes://{}', /invalid variable/],
    ['notes://{a b}', /invalid variable/],
    ['notes://{a-b}', /invalid variable/],
    ['notes://{a}/{a}', /"a" appears twice/],
  ])('refuses %j', (template, message) => {
    expect(() => parseUriTemplate(template)).toThrow(message);
  });

  it('accepts a template without variables as a literal', () => {
    const template = parseUriTemplate('notes://index');
    expect(template.variables).toEqual([]);
    expect(template.match('notes://index')).toEqual({});
    expect(template.match('notes://index2')).toBeNull();
  });
});

describe('property: matching an expansion returns the values', () => {
  const value = fc.string({ unit: 'binary', minLength: 1, maxLength: 30 });

  it('one simple variable', () => {
    const template = parseUriTemplate('notes://{slug}');
    fc.assert(
      fc.property(value, (slug) => {
        expect(template.match(`notes://${encodeURIComponent(slug)}`)).toEqual({ slug });
      }),
    );
  });

  it('two simple variables separated by a literal', () => {
    const template = parseUriTemplate('users://{user}/posts/{post}');
    fc.assert(
      fc.property(value, value, (user, post) => {
        expect(
          template.match(`users://${encodeURIComponent(user)}/posts/${encodeURIComponent(post)}`),
        ).toEqual({ user, post });
      }),
    );
  });

  it('query variables', () => {
    const template = parseUriTemplate('search://items{?q,page}');
    fc.assert(
      fc.property(value, value, (q, page) => {
        expect(
          template.match(
            `search://items?q=${encodeURIComponent(q)}&page=${encodeURIComponent(page)}`,
          ),
        ).toEqual({ q, page });
      }),
    );
  });

  it('a safe reserved path', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{1,10}$/);
    const template = parseUriTemplate('files://{+path}');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = segments.join('/');
        expect(template.match(`files://${path}`)).toEqual({ path });
      }),
    );
  });

  it('never throws on any input', () => {
    const templates = ['notes://{slug}', 'files://{+path}', 'search://items{?q,page}'].map(
      parseUriTemplate,
    );
    fc.assert(
      fc.property(fc.string(), (uri) => {
        for (const template of templates) template.match(uri);
      }),
    );
  });
});

describe('the prefix modifier {x:n} (RFC 6570 §2.4.1)', () => {
  it('matches a value of at most n characters, counted after decoding', () => {
    const template = parseUriTemplate('codes://{country:2}/{city}');
    expect(template.variables).toEqual(['country', 'city']);
    expect(template.match('codes://no/oslo')).toEqual({ country: 'no', city: 'oslo' });
    expect(template.match('codes://n/oslo')).toEqual({ country: 'n', city: 'oslo' });
    expect(template.match('codes://nor/oslo')).toBeNull();
    expect(template.match('codes://%C3%A6%C3%B8/oslo')).toEqual({ country: 'æø', city: 'oslo' });
    expect(template.match('codes://%C3%A6%C3%B8x/oslo')).toBeNull();
  });

  it('holds for reserved and query expansion too', () => {
    expect(parseUriTemplate('files://{+path:5}').match('files://a/b/c')).toEqual({ path: 'a/b/c' });
    expect(parseUriTemplate('files://{+path:5}').match('files://a/b/cd')).toBeNull();
    const query = parseUriTemplate('search://items{?q:3,page}');
    expect(query.match('search://items?q=tea&page=2')).toEqual({ q: 'tea', page: '2' });
    expect(query.match('search://items?q=teas')).toBeNull();
  });

  it.each([['{x:0}'], ['{x:01}'], ['{x:10000}'], ['{x:}'], ['{x:3*}']])(
    'refuses %s when parsing',
    (expression) => {
      expect(() => parseUriTemplate(`a://${expression}`)).toThrow(/invalid variable/);
    },
  );

  it('a resource template with a prefix reads as not found past the limit', async () => {
    class Codes {
      @Resource({ uriTemplate: 'codes://{country:2}' }) code({ country }: { country: string }) {
        return country.toUpperCase();
      }
    }
    const app = McpApplication.create({ name: 'c', version: '1', providers: [Codes] });
    expect(
      await app.handle(
        '{"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"codes://no"}}',
      ),
    ).toBe('{"jsonrpc":"2.0","id":1,"result":{"contents":[{"uri":"codes://no","text":"NO"}]}}');
    expect(
      await app.handle(
        '{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"codes://nor"}}',
      ),
    ).toBe(
      '{"jsonrpc":"2.0","id":2,"error":{"code":-32002,"message":"Resource not found","data":{"uri":"codes://nor"}}}',
    );
  });
});
