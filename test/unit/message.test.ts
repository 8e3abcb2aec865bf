// Messages as English templates with arguments (core/message.ts): what the edges translate.
import assert from 'node:assert/strict';
import { isMessage, messagePieces, msg, renderMessage, templatesOf } from '../../core';

describe('messages: templates and arguments', () => {
  const name = 'lion';
  const hint = (close: string | undefined) => (close ? msg` Did you mean '${close}'?` : msg` Declare it with \`card\` or \`player\` first.`);

  it('a tagged template is its English template with numbered places, and renders to the English text', () => {
    const m = msg`No card or player is named '${name}'.${hint('lion2')}`;
    assert.equal(m.template, "No card or player is named '{0}'.{1}");
    assert.equal(renderMessage(m), "No card or player is named 'lion'. Did you mean 'lion2'?");
    assert.equal(renderMessage(msg`${name} and ${3} of ${'x'}`), 'lion and 3 of x');
    assert.equal(renderMessage('plain'), 'plain');
    assert.ok(isMessage(m) && !isMessage('x') && !isMessage(null));
  });

  it('translates each template on its own, arguments that are messages too, and names never', () => {
    const fr: Record<string, string> = {
      "No card or player is named '{0}'.{1}": "Aucune carte ni aucun joueur ne s'appelle « {0} ».{1}",
      " Declare it with `card` or `player` first.": ' Déclarez-le d’abord avec `card` ou `player`.',
    };
    const m = msg`No card or player is named '${name}'.${hint(undefined)}`;
    assert.equal(renderMessage(m, (t) => fr[t]), "Aucune carte ni aucun joueur ne s'appelle « lion ». Déclarez-le d’abord avec `card` ou `player`.");
    // A template the bundle lacks stays English; so does an empty translation.
    assert.equal(renderMessage(msg`Hello ${name}.`, (t) => (t === 'Hello {0}.' ? '' : undefined)), 'Hello lion.');
    // A translation may reorder the places.
    assert.equal(renderMessage(msg`${'a'} before ${'b'}`, () => '{1} après {0}'), 'b après a');
    assert.deepEqual([...templatesOf(m)], ["No card or player is named '{0}'.{1}", ' Declare it with `card` or `player` first.']);
  });

  it('braces that are not places, and places without an argument, are left as written', () => {
    assert.equal(renderMessage({ template: '{x} {} {12 {0} {7}', args: ['a'] }), '{x} {} {12 a {7}');
    assert.equal(renderMessage(msg`${'{0}'}`), '{0}', 'an argument is never read as a template');
  });

  it('renders a message with twenty thousand places', () => {
    const args = Array.from({ length: 20_000 }, (_, i) => `n${i}`);
    const m = { template: args.map((_, i) => `{${i}}`).join(','), args };
    assert.equal(renderMessage(m).length, args.join(',').length);
  });

  it('reads code spans as CommonMark does: a run closed by one of the same length, padding stripped, an unclosed run is text', () => {
    const show = (t: string) => messagePieces(t).map((p) => (p.code ? `[${p.text}|${p.raw}]` : p.text)).join('');
    assert.equal(show('add `rules 2024-06-07` first'), 'add [rules 2024-06-07|`rules 2024-06-07`] first');
    assert.equal(show('`` a`b `` and ` x ` and `  `'), '[a`b|`` a`b ``] and [x|` x `] and [  |`  `]');
    assert.equal(show('one ` alone, ``two``'), 'one ` alone, [two|``two``]');
    assert.equal(show('` a, ``b`` `'), '[a, ``b``|` a, ``b`` `]', 'a longer run inside a span is its text');
    assert.deepEqual(messagePieces(''), []);
    assert.equal(messagePieces('a `b` c').map((p) => p.raw).join(''), 'a `b` c', 'the raw pieces are the message');
  });
});
