// A hand-written structural check of the SARIF 2.1.0 we emit, covering what the OASIS schema
// requires of the objects we use (including its `additionalProperties: false`) and what GitHub
// code scanning needs to show an alert. Returns the problems found; [] means valid.

type Json = Record<string, unknown>;

const ALLOWED: Record<string, string[]> = {
  log: ['$schema', 'version', 'runs', 'inlineExternalProperties', 'properties'],
  run: ['tool', 'invocations', 'conversion', 'language', 'versionControlProvenance', 'originalUriBaseIds', 'artifacts', 'logicalLocations', 'graphs', 'results', 'automationDetails', 'runAggregates', 'baselineGuid', 'redactionTokens', 'defaultEncoding', 'defaultSourceLanguage', 'newlineSequences', 'columnKind', 'externalPropertyFileReferences', 'threadFlowLocations', 'taxonomies', 'addresses', 'translations', 'policies', 'webRequests', 'webResponses', 'specialLocations', 'properties'],
  tool: ['driver', 'extensions', 'properties'],
  toolComponent: ['guid', 'name', 'organization', 'product', 'productSuite', 'shortDescription', 'fullDescription', 'fullName', 'version', 'semanticVersion', 'dottedQuadFileVersion', 'releaseDateUtc', 'downloadUri', 'informationUri', 'globalMessageStrings', 'notifications', 'rules', 'taxa', 'locations', 'language', 'contents', 'isComprehensive', 'localizedDataSemanticVersion', 'minimumRequiredLocalizedDataSemanticVersion', 'associatedComponent', 'translationMetadata', 'supportedTaxonomies', 'properties'],
  reportingDescriptor: ['id', 'deprecatedIds', 'guid', 'deprecatedGuids', 'name', 'deprecatedNames', 'shortDescription', 'fullDescription', 'messageStrings', 'defaultConfiguration', 'helpUri', 'help', 'relationships', 'properties'],
  reportingConfiguration: ['enabled', 'level', 'rank', 'parameters', 'properties'],
  multiformatMessageString: ['text', 'markdown', 'properties'],
  message: ['text', 'markdown', 'id', 'arguments', 'properties'],
  result: ['ruleId', 'ruleIndex', 'rule', 'kind', 'level', 'message', 'analysisTarget', 'locations', 'guid', 'correlationGuid', 'occurrenceCount', 'partialFingerprints', 'fingerprints', 'stacks', 'codeFlows', 'graphs', 'graphTraversals', 'relatedLocations', 'suppressions', 'baselineState', 'rank', 'attachments', 'hostedViewerUri', 'workItemUris', 'provenance', 'fixes', 'taxa', 'webRequest', 'webResponse', 'properties'],
  location: ['id', 'physicalLocation', 'logicalLocations', 'message', 'annotations', 'relationships', 'properties'],
  physicalLocation: ['address', 'artifactLocation', 'region', 'contextRegion', 'properties'],
  artifactLocation: ['uri', 'uriBaseId', 'index', 'description', 'properties'],
  region: ['startLine', 'startColumn', 'endLine', 'endColumn', 'charOffset', 'charLength', 'byteOffset', 'byteLength', 'snippet', 'message', 'sourceLanguage', 'properties'],
  fix: ['description', 'artifactChanges', 'properties'],
  artifactChange: ['artifactLocation', 'replacements', 'properties'],
  replacement: ['deletedRegion', 'insertedContent', 'properties'],
  artifactContent: ['text', 'binary', 'rendered', 'properties'],
};

const LEVELS = ['none', 'note', 'warning', 'error'];

export function validateSarif(log: unknown): string[] {
  const problems: string[] = [];
  const fail = (where: string, what: string) => problems.push(`${where}: ${what}`);

  const obj = (v: unknown, where: string, type: keyof typeof ALLOWED, required: string[] = []): v is Json => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      fail(where, `must be an object (${type})`);
      return false;
    }
    for (const k of Object.keys(v)) if (!ALLOWED[type].includes(k)) fail(where, `property '${k}' is not allowed on ${type}`);
    for (const k of required) if (!(k in v)) fail(where, `missing required '${k}'`);
    if ('properties' in v) propertyBag((v as Json).properties, `${where}.properties`);
    return true;
  };
  const str = (v: unknown, where: string, nonEmpty = true) => {
    if (typeof v !== 'string' || (nonEmpty && v.length === 0)) fail(where, 'must be a non-empty string');
  };
  const int = (v: unknown, where: string, min: number) => {
    if (!Number.isInteger(v) || (v as number) < min) fail(where, `must be an integer >= ${min}`);
  };
  const absoluteUri = (v: unknown, where: string) => {
    str(v, where);
    if (typeof v === 'string' && !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(v)) fail(where, `must be an absolute URI: ${v}`);
  };
  const propertyBag = (v: unknown, where: string) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(where, 'must be an object');
    const tags = (v as Json).tags;
    if (tags === undefined) return;
    if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string')) return fail(`${where}.tags`, 'must be an array of strings');
    if (new Set(tags).size !== tags.length) fail(`${where}.tags`, 'items must be unique');
  };
  const text = (v: unknown, where: string, type: 'message' | 'multiformatMessageString') => {
    if (obj(v, where, type, ['text'])) str(v.text, `${where}.text`);
  };
  const region = (v: unknown, where: string) => {
    if (!obj(v, where, 'region', ['startLine'])) return;
    int(v.startLine, `${where}.startLine`, 1);
    if (v.startColumn !== undefined) int(v.startColumn, `${where}.startColumn`, 1);
    if (v.endLine !== undefined) int(v.endLine, `${where}.endLine`, 1);
    if (v.endColumn !== undefined) int(v.endColumn, `${where}.endColumn`, 1);
    const endLine = (v.endLine ?? v.startLine) as number;
    if (endLine < (v.startLine as number)) fail(where, 'endLine before startLine');
    if (endLine === v.startLine && v.endColumn !== undefined && (v.endColumn as number) < ((v.startColumn as number) ?? 1)) fail(where, 'endColumn before startColumn');
  };
  const artifactLocation = (v: unknown, where: string) => {
    if (!obj(v, where, 'artifactLocation', ['uri'])) return;
    str(v.uri, `${where}.uri`);
    const uri = String(v.uri);
    if (uri.includes('\\')) fail(`${where}.uri`, `backslash in URI: ${uri}`);
    if (/\s/.test(uri)) fail(`${where}.uri`, `unencoded whitespace in URI: ${uri}`);
    if (v.uriBaseId !== undefined) {
      str(v.uriBaseId, `${where}.uriBaseId`);
      if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/')) fail(`${where}.uri`, 'must be relative when uriBaseId is set');
    } else if (!/^file:\/\//.test(uri)) fail(`${where}.uri`, 'a URI without uriBaseId must be absolute');
  };
  const physicalLocation = (v: unknown, where: string) => {
    if (!obj(v, where, 'physicalLocation', ['artifactLocation', 'region'])) return;
    artifactLocation(v.artifactLocation, `${where}.artifactLocation`);
    region(v.region, `${where}.region`);
  };
  const location = (v: unknown, where: string, needsMessage: boolean) => {
    if (!obj(v, where, 'location', needsMessage ? ['physicalLocation', 'message'] : ['physicalLocation'])) return;
    if (v.id !== undefined) int(v.id, `${where}.id`, -1);
    physicalLocation(v.physicalLocation, `${where}.physicalLocation`);
    if (v.message !== undefined) text(v.message, `${where}.message`, 'message');
  };
  const array = (v: unknown, where: string, minItems = 0): v is unknown[] => {
    if (!Array.isArray(v)) {
      fail(where, 'must be an array');
      return false;
    }
    if (v.length < minItems) fail(where, `needs at least ${minItems} item(s)`);
    return true;
  };

  if (!obj(log, '$', 'log', ['version', 'runs'])) return problems;
  absoluteUri(log.$schema, '$.$schema');
  if (log.version !== '2.1.0') fail('$.version', 'must be "2.1.0"');
  if (!array(log.runs, '$.runs', 1)) return problems;
  log.runs.forEach((run, ri) => {
    const w = `$.runs[${ri}]`;
    if (!obj(run, w, 'run', ['tool'])) return;
    if (run.columnKind !== undefined && run.columnKind !== 'utf16CodeUnits' && run.columnKind !== 'unicodeCodePoints') fail(`${w}.columnKind`, 'bad value');
    let ids: string[] = [];
    if (obj(run.tool, `${w}.tool`, 'tool', ['driver']) && obj(run.tool.driver, `${w}.tool.driver`, 'toolComponent', ['name'])) {
      const d = run.tool.driver;
      str(d.name, `${w}.tool.driver.name`);
      if (d.version !== undefined) str(d.version, `${w}.tool.driver.version`);
      if (d.informationUri !== undefined) absoluteUri(d.informationUri, `${w}.tool.driver.informationUri`);
      if (d.rules !== undefined && array(d.rules, `${w}.tool.driver.rules`)) {
        d.rules.forEach((rule, i) => {
          const rw = `${w}.tool.driver.rules[${i}]`;
          if (!obj(rule, rw, 'reportingDescriptor', ['id'])) return;
          str(rule.id, `${rw}.id`);
          ids.push(String(rule.id));
          if (rule.name !== undefined) str(rule.name, `${rw}.name`);
          if (rule.shortDescription !== undefined) text(rule.shortDescription, `${rw}.shortDescription`, 'multiformatMessageString');
          if (rule.fullDescription !== undefined) text(rule.fullDescription, `${rw}.fullDescription`, 'multiformatMessageString');
          if (rule.help !== undefined) text(rule.help, `${rw}.help`, 'multiformatMessageString');
          if (rule.helpUri !== undefined) absoluteUri(rule.helpUri, `${rw}.helpUri`);
          if (rule.defaultConfiguration !== undefined && obj(rule.defaultConfiguration, `${rw}.defaultConfiguration`, 'reportingConfiguration')) {
            const level = rule.defaultConfiguration.level;
            if (level !== undefined && !LEVELS.includes(String(level))) fail(`${rw}.defaultConfiguration.level`, `bad level ${String(level)}`);
          }
        });
        if (new Set(ids).size !== ids.length) fail(`${w}.tool.driver.rules`, 'rule ids must be unique');
      }
    } else ids = [];
    if (run.results === undefined) return;
    if (!array(run.results, `${w}.results`)) return;
    run.results.forEach((res, i) => {
      const rw = `${w}.results[${i}]`;
      if (!obj(res, rw, 'result', ['message'])) return;
      str(res.ruleId, `${rw}.ruleId`); // GitHub needs a ruleId
      if (res.ruleIndex !== undefined) {
        int(res.ruleIndex, `${rw}.ruleIndex`, 0);
        if (ids[res.ruleIndex as number] !== res.ruleId) fail(`${rw}.ruleIndex`, `points at '${ids[res.ruleIndex as number]}', not '${String(res.ruleId)}'`);
      }
      if (res.level !== undefined && !LEVELS.includes(String(res.level))) fail(`${rw}.level`, `bad level ${String(res.level)}`);
      text(res.message, `${rw}.message`, 'message');
      // GitHub shows an alert only with a location.
      if (array(res.locations, `${rw}.locations`, 1)) res.locations.forEach((l, li) => location(l, `${rw}.locations[${li}]`, false));
      if (res.relatedLocations !== undefined && array(res.relatedLocations, `${rw}.relatedLocations`)) {
        res.relatedLocations.forEach((l, li) => location(l, `${rw}.relatedLocations[${li}]`, true));
      }
      if (res.fixes !== undefined && array(res.fixes, `${rw}.fixes`)) {
        res.fixes.forEach((fix, fi) => {
          const fw = `${rw}.fixes[${fi}]`;
          if (!obj(fix, fw, 'fix', ['artifactChanges'])) return;
          if (fix.description !== undefined) text(fix.description, `${fw}.description`, 'message');
          if (!array(fix.artifactChanges, `${fw}.artifactChanges`, 1)) return;
          fix.artifactChanges.forEach((ch, ci) => {
            const cw = `${fw}.artifactChanges[${ci}]`;
            if (!obj(ch, cw, 'artifactChange', ['artifactLocation', 'replacements'])) return;
            artifactLocation(ch.artifactLocation, `${cw}.artifactLocation`);
            if (!array(ch.replacements, `${cw}.replacements`, 1)) return;
            ch.replacements.forEach((rep, pi) => {
              const pw = `${cw}.replacements[${pi}]`;
              if (!obj(rep, pw, 'replacement', ['deletedRegion'])) return;
              region(rep.deletedRegion, `${pw}.deletedRegion`);
              if (rep.insertedContent !== undefined && obj(rep.insertedContent, `${pw}.insertedContent`, 'artifactContent')) {
                if (typeof rep.insertedContent.text !== 'string') fail(`${pw}.insertedContent.text`, 'must be a string');
              }
            });
          });
        });
      }
    });
  });
  return problems;
}
