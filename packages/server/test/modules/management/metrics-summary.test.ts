import { describe, expect, it } from 'vitest';
import { httpSummary } from '../../../src/modules/management/metrics-summary.js';

const labels = (method: string, route: string, status: string) => ({ method, route, status });

describe('the HTTP part of the metrics summary', () => {
  it('gives each method, route and status its count and mean time, the most frequent first', () => {
    const list = labels('GET', '/api/vehicles', '200');
    const one = labels('POST', '/api/vehicles', '201');
    const summary = httpSummary([
      { metricName: 'http_server_requests_seconds_bucket', labels: { ...one, le: 0.1 }, value: 1 },
      { metricName: 'http_server_requests_seconds_sum', labels: one, value: 0.05 },
      { metricName: 'http_server_requests_seconds_count', labels: one, value: 1 },
      { metricName: 'http_server_requests_seconds_bucket', labels: { ...list, le: 0.1 }, value: 3 },
      { metricName: 'http_server_requests_seconds_sum', labels: list, value: 0.03 },
      { metricName: 'http_server_requests_seconds_count', labels: list, value: 3 },
    ]);
    expect(summary).toEqual([
      { ...list, count: 3, meanMs: 10 },
      { ...one, count: 1, meanMs: 50 },
    ]);
  });

  it('gives a mean of 0 to a route not counted yet', () => {
    const summary = httpSummary([
      { metricName: 'http_server_requests_seconds_sum', labels: labels('GET', '/x', '200'), value: 0 },
    ]);
    expect(summary).toEqual([{ ...labels('GET', '/x', '200'), count: 0, meanMs: 0 }]);
  });
});
