package org.openmark.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Queries a Prometheus server's HTTP API (instant queries, raw samples of a range selector). */
final class PrometheusApi {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One series: its labels and its samples (seconds since the epoch, value). */
    record Series(Map<String, String> labels, List<double[]> samples) {
        double last() {
            return samples.get(samples.size() - 1)[1];
        }
    }

    private final String url;

    PrometheusApi(String url) {
        this.url = url;
    }

    /** An instant query at {@code atSeconds} (or now when NaN): a vector or a matrix, as series. */
    List<Series> query(String promql, double atSeconds) throws Exception {
        String q = url + "/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8)
                + (Double.isNaN(atSeconds) ? "" : "&time=" + atSeconds);
        JsonNode body;
        try (HttpClient c = HttpClient.newHttpClient()) {
            HttpResponse<String> r = c.send(HttpRequest.newBuilder(URI.create(q)).build(),
                    HttpResponse.BodyHandlers.ofString());
            body = JSON.readTree(r.body());
            if (r.statusCode() != 200) {
                throw new IllegalStateException(promql + ": " + r.body());
            }
        }
        List<Series> out = new ArrayList<>();
        for (JsonNode s : body.path("data").path("result")) {
            Map<String, String> labels = new TreeMap<>();
            s.path("metric").fields().forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
            List<double[]> samples = new ArrayList<>();
            if (s.has("value")) {
                samples.add(sample(s.path("value")));
            }
            for (JsonNode v : s.path("values")) {
                samples.add(sample(v));
            }
            out.add(new Series(labels, samples));
        }
        return out;
    }

    /** What the server says of its scrape targets (for a failure's message). */
    String targets() throws Exception {
        try (HttpClient c = HttpClient.newHttpClient()) {
            return c.send(HttpRequest.newBuilder(URI.create(url + "/api/v1/targets")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
        }
    }

    List<Series> query(String promql) throws Exception {
        return query(promql, Double.NaN);
    }

    private static double[] sample(JsonNode v) {
        return new double[] {v.get(0).asDouble(), Double.parseDouble(v.get(1).asText())};
    }
}
