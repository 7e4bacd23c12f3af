package org.openmark.api;

import java.util.Map;

/** One record returned by a scan: its key and the fields that were asked for. */
public record Record(String key, Map<String, byte[]> fields) {
}
