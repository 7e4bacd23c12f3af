package org.openmark.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Settings' values never change; which names were read is a record apart ({@link PropertyReads}),
 * shared by settings and their {@code with} copies, so a name read through either counts once.
 */
class SettingsTest {

    @Test
    void with_valuesOfTheOriginalStayAsTheyWere() {
        Settings s = Settings.of(Map.of("a", "1"));

        Settings copy = s.with(Map.of("a", "2", "b", "3"));

        assertEquals(Map.of("a", "1"), s.asMap());
        assertEquals(Map.of("a", "2", "b", "3"), copy.asMap());
        assertThrows(UnsupportedOperationException.class, () -> s.asMap().put("c", "4"));
    }

    @Test
    void with_aNameReadThroughEither_isReadForBoth() {
        Settings s = Settings.of(Map.of("a", "1", "b", "2"));
        Settings copy = s.with(Map.of("c", "3"));

        copy.getString("a", null);
        s.getLong("c", 0);

        assertSame(s.reads(), copy.reads());
        assertEquals(Set.of("b"), s.unread());
        assertEquals(Set.of("b"), copy.unread());
        assertEquals(Set.of("a", "c"), s.askedNames());
    }

    @Test
    void of_aFreshRecordOfReads() {
        Settings s = Settings.of(Map.of("a", "1"));
        s.getString("a", null);

        Settings again = Settings.of(s.asMap());

        assertEquals(Set.of("a"), again.unread());
        assertEquals(Set.of(), again.askedNames());
    }

    @Test
    void markKnown_namesCountAsReadWithoutAValueRead() {
        Settings s = Settings.of(Map.of("rocksdb.dir", "/tmp/x", "recordcount", "5"));

        s.reads().markKnown(Set.of("rocksdb.dir", "rocksdb.other"));

        assertEquals(Set.of("recordcount"), s.unread());
        assertEquals(Set.of("rocksdb.dir", "rocksdb.other"), s.askedNames());
    }

    @Test
    void contains_isARead() {
        Settings s = Settings.of(Map.of("a", "1"));

        s.contains("a");
        s.contains("missing");

        assertEquals(Set.of(), s.unread());
        assertEquals(Set.of("a", "missing"), s.askedNames());
    }
}
