package org.openmark.store.jdbc;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The statement texts one session has written, by statement kind, table and columns, so that an
 * operation looks its text up instead of building it (about a hundred characters, then hashed
 * again by the statement cache: 3 % of the store's CPU against PostgreSQL at 1,000/s). Not
 * thread-safe: a session is used by one thread at a time. Past {@link #MAX_TEXTS} (field subsets can
 * make many) it starts over.
 */
final class SqlTexts {
    static final int MAX_TEXTS = 1024;

    /** The statements an operation prepares. */
    enum Kind {
        READ, SCAN, INSERT, UPDATE
    }

    private record Key(Kind kind, String table, List<String> columns) {
    }

    private final Map<Key, String> texts = new HashMap<>();

    /** The text of a {@code kind} statement on {@code table} naming {@code columns}, as {@link SqlText} writes it. */
    String text(Kind kind, String table, List<String> columns) {
        Key key = new Key(kind, table, columns);
        String text = texts.get(key);
        if (text == null) {
            text = switch (kind) {
                case READ -> SqlText.read(table, columns);
                case SCAN -> SqlText.scan(table, columns);
                case INSERT -> SqlText.insert(table, columns);
                case UPDATE -> SqlText.update(table, columns);
            };
            if (texts.size() >= MAX_TEXTS) {
                texts.clear();
            }
            texts.put(new Key(kind, table, List.copyOf(columns)), text);
        }
        return text;
    }

    /** How many texts are kept (tests). */
    int size() {
        return texts.size();
    }
}
