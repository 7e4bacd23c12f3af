package org.openmark.api;

import java.util.Map;

/**
 * One record returned by a scan: its key and the fields that were asked for. The key is null when
 * the store's scans do not return keys (a YCSB binding through the {@code ycsb} store).
 */
public record Record(String key, Map<String, byte[]> fields) {
}
