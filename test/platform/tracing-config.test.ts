import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { tracingSettingsOf } from '../../src/app';
import { loadConfig } from '../../src/config/config';

describe('the OpenTelemetry variables', () => {
  it('leave tracing off without an endpoint, or with OTEL_SDK_DISABLED', () => {
    expect(tracingSettingsOf(loadConfig({}))).toBeNull();
    expect(tracingSettingsOf(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }))).toBeNull();
  });

  it('send to <endpoint>/v1/traces, or to the traces endpoint as it is, in http/protobuf unless told', () => {
    const settings = tracingSettingsOf(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }));
    expect(settings).toMatchObject({ url: 'http://collector:4318/v1/traces', protocol: 'http/protobuf', sampler: 'parentbased_always_on', ratio: 1 });
    // The default service name is the package's own.
    expect(settings!.serviceName).toBe((JSON.parse(readFileSync('package.json', 'utf8')) as { name: string }).name);
    expect(
      tracingSettingsOf(
        loadConfig({
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
          OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://api.honeycomb.io/v1/traces',
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          OTEL_EXPORTER_OTLP_HEADERS: 'x-honeycomb-team=abc%3D%3D,x-other=1',
          OTEL_SERVICE_NAME: 'persona-eu',
          OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=prod,team=voice%20ai',
          OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
          OTEL_TRACES_SAMPLER_ARG: '0.25',
        }),
      ),
    ).toMatchObject({
      url: 'https://api.honeycomb.io/v1/traces',
      protocol: 'http/json',
      headers: { 'x-honeycomb-team': 'abc==', 'x-other': '1' },
      serviceName: 'persona-eu',
      resourceAttributes: { 'deployment.environment': 'prod', team: 'voice ai' },
      sampler: 'parentbased_traceidratio',
      ratio: 0.25,
    });
  });

  it('stop the start naming the variable when a value is bad, without repeating a header value', () => {
    const bad: Record<string, string> = {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'grpc://collector:4317',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      OTEL_TRACES_SAMPLER: 'jaeger_remote',
      OTEL_TRACES_SAMPLER_ARG: '1.5',
      OTEL_RESOURCE_ATTRIBUTES: 'no-value',
      OTEL_SDK_DISABLED: 'perhaps',
    };
    for (const [variable, value] of Object.entries(bad)) expect(() => loadConfig({ [variable]: value }), variable).toThrow(new RegExp(`${variable}: `));
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_HEADERS: 'x-honeycomb-team' })).toThrow(/OTEL_EXPORTER_OTLP_HEADERS: .*entry 1/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_HEADERS: 'good=1,secret-token-without-equals' })).not.toThrow(/secret-token/);
  });
});
