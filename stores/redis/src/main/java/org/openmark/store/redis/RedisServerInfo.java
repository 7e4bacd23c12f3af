package org.openmark.store.redis;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/** Reads the facts a result records from the text of {@code INFO server}. */
final class RedisServerInfo {

    private RedisServerInfo() {
    }

    /**
     * {@code version} from {@code redis_version}, and {@code valkey} from {@code valkey_version}
     * when the server is a Valkey (which reports the Redis version it is compatible with as
     * {@code redis_version}); empty when the text has neither.
     */
    static Map<String, String> facts(String info) {
        Map<String, String> fields = new HashMap<>();
        for (String line : info.split("\r?\n")) {
            int colon = line.indexOf(':');
            if (!line.startsWith("#") && colon > 0) {
                fields.put(line.substring(0, colon), line.substring(colon + 1).trim());
            }
        }
        Map<String, String> facts = new TreeMap<>();
        putIfPresent(facts, "version", fields.get("redis_version"));
        putIfPresent(facts, "valkey", fields.get("valkey_version"));
        return Map.copyOf(facts);
    }

    private static void putIfPresent(Map<String, String> facts, String key, String value) {
        if (value != null && !value.isEmpty()) {
            facts.put(key, value);
        }
    }
}
