package org.openmark.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;

/** Test helper: a table's whole content, comparable with equals (values as hex). */
final class StoreContent {

    private StoreContent() {
    }

    static Map<String, Map<String, String>> of(Store store, String table) {
        List<Record> records = new ArrayList<>();
        try (Session session = store.newSession()) {
            assertEquals(Status.OK, session.scan(table, "", Integer.MAX_VALUE, null, records));
        }
        Map<String, Map<String, String>> content = new LinkedHashMap<>();
        for (Record r : records) {
            Map<String, String> fields = new TreeMap<>();
            r.fields().forEach((name, value) -> fields.put(name, HexFormat.of().formatHex(value)));
            content.put(r.key(), fields);
        }
        return content;
    }
}
