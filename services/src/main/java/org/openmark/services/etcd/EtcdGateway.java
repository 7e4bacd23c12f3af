package org.openmark.services.etcd;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the manager asks a member, through the JSON gateway every etcd serves on its client URL (no client
 * library, no etcdctl: the services module is the JDK alone). Each call answers empty, or false, when the member
 * does not answer in time.
 */
public interface EtcdGateway {
    /** The member's status, as it reports it. */
    Optional<MemberStatus> status(String clientUrl);

    /** The cluster's members as {@code clientUrl}'s member knows them: id to name. */
    Map<String, String> memberNames(String clientUrl);

    /** Asks the leader at {@code clientUrl} to hand leadership to member {@code targetId}; true when it did. */
    boolean transferLeadership(String clientUrl, String targetId);

    /** Deletes every key through {@code clientUrl}; true when it did. */
    boolean deleteAll(String clientUrl);

    /** The gateway over HTTP, each call bounded by {@code timeout}. */
    static EtcdGateway http(Duration timeout) {
        return new Http(timeout);
    }

    /** The gateway of etcd 3.4 and later ({@code /v3/...}). */
    final class Http implements EtcdGateway {
        private static final Pattern MEMBER = Pattern.compile("\\{\"ID\":\"([0-9]+)\",\"name\":\"([^\"]*)\"");
        /** Key "\0" to range end "\0": every key. */
        private static final String ALL_KEYS = "{\"key\":\"AA==\",\"range_end\":\"AA==\"}";

        private final HttpClient client;
        private final Duration timeout;

        Http(Duration timeout) {
            this.client = HttpClient.newBuilder().connectTimeout(timeout).build();
            this.timeout = timeout;
        }

        @Override
        public Optional<MemberStatus> status(String clientUrl) {
            return post(clientUrl, "/v3/maintenance/status", "{}").flatMap(MemberStatus::parse);
        }

        @Override
        public Map<String, String> memberNames(String clientUrl) {
            return post(clientUrl, "/v3/cluster/member/list", "{}").map(Http::names).orElse(Map.of());
        }

        @Override
        public boolean transferLeadership(String clientUrl, String targetId) {
            return post(clientUrl, "/v3/maintenance/transfer-leadership", "{\"targetID\":\"" + targetId + "\"}")
                    .filter(body -> !body.contains("\"error\"")).isPresent();
        }

        @Override
        public boolean deleteAll(String clientUrl) {
            return post(clientUrl, "/v3/kv/deleterange", ALL_KEYS).filter(body -> !body.contains("\"error\"")).isPresent();
        }

        /** The member list's id to name, from the gateway's JSON. */
        static Map<String, String> names(String json) {
            Map<String, String> names = new LinkedHashMap<>();
            Matcher m = MEMBER.matcher(json);
            while (m.find()) {
                names.put(m.group(1), m.group(2));
            }
            return names;
        }

        private Optional<String> post(String clientUrl, String path, String body) {
            HttpRequest request = HttpRequest.newBuilder(URI.create(clientUrl + path)).timeout(timeout)
                    .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)).build();
            try {
                HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
                return Optional.of(response.body());
            } catch (IOException e) {
                return Optional.empty();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
    }
}
