import { toolUnavailable, type ToolUnavailable } from '../shared/engine-error';

/** A program the service runs on its own machine, as found when the process started. */
export interface AudioTool {
  name: 'ffmpeg' | 'ffprobe' | 'espeak-ng';
  /** The environment variable that says where it is. */
  variable: string;
  /** Where it was looked for: the variable's value (a name found on PATH, or a path). */
  path: string;
  /** The version it reports; null when it could not be run. */
  version: string | null;
  /** Why it could not be run (not installed, not executable, ...); null when it ran. */
  problem: string | null;
  /** Required: what needs it is refused (503) without it. Optional: its part is left out. */
  required: boolean;
  /** What needs it. */
  neededFor: string;
}

/** The required tools that could not be run. */
export function missingRequired(tools: readonly AudioTool[]): AudioTool[] {
  return tools.filter((tool) => tool.required && tool.problem !== null);
}

/** The names of the tools that could not be run, required or not. */
export function missingNames(tools: readonly AudioTool[]): string[] {
  return tools.filter((tool) => tool.problem !== null).map((tool) => tool.name);
}

/**
 * Why uploaded audio cannot be taken now: a required tool was missing at start, and the work the
 * upload starts (probe, then conversion, split or transcription) would only fail on it in its
 * job. So the request is refused (503 naming the tool, as when ffprobe fails on the upload
 * itself) rather than accepted for certain failure. ffprobe is named first when both are
 * missing: it is the one the work runs first, so the reason is the one its job would give.
 * Null when every required tool was found.
 */
export function uploadRefusal(tools: readonly AudioTool[]): ToolUnavailable | null {
  const missing = missingRequired(tools);
  const tool = missing.find((each) => each.name === 'ffprobe') ?? missing[0];
  if (!tool) return null;
  return toolUnavailable(tool.path, tool.problem === 'not installed' ? undefined : (tool.problem ?? undefined));
}

/** What readiness says of the tools: `ok`, or the required ones missing and the variables that place them. */
export function toolsCheck(tools: readonly AudioTool[]): string {
  const missing = missingRequired(tools);
  return missing.length === 0 ? 'ok' : missing.map(whyMissing).join('; ');
}

/**
 * The one start-up line on the audio tools: the version of each found, then each missing one
 * with the variable that places it and what goes without it.
 */
export function toolsLogLine(tools: readonly AudioTool[]): string {
  const found = tools.filter((tool) => tool.problem === null).map((tool) => `${tool.name} ${tool.version}`);
  const parts = found.length > 0 ? [found.join(', ')] : [];
  const required = missingRequired(tools);
  if (required.length > 0) {
    const needs = [...new Set(required.map((tool) => tool.neededFor))].join(', ');
    parts.push(`MISSING ${required.map(whyMissing).join(', ')}: ${needs} answer 503 until ${required.length > 1 ? 'they are' : 'it is'} installed`);
  }
  for (const tool of tools.filter((each) => !each.required && each.problem !== null)) parts.push(`${whyMissing(tool)}: no ${tool.neededFor}`);
  return `audio tools: ${parts.join('; ')}`;
}

function whyMissing(tool: AudioTool): string {
  return `${tool.name} (${tool.variable}=${tool.path}: ${tool.problem})`;
}
