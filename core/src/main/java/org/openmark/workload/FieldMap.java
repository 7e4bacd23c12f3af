package org.openmark.workload;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * An immutable map from every field name to its value, backed by the shared name array and one
 * value array, so a record of n fields costs one small array instead of n hash entries. Iterates
 * in field order.
 */
final class FieldMap extends AbstractMap<String, byte[]> {
    private final FieldNames names;
    private final byte[][] values;

    /** Takes ownership of {@code values}, one per field in field order. */
    FieldMap(FieldNames names, byte[][] values) {
        this.names = names;
        this.values = values;
    }

    @Override
    public int size() {
        return values.length;
    }

    @Override
    public boolean containsKey(Object key) {
        return names.indexOf(key) >= 0;
    }

    @Override
    public byte[] get(Object key) {
        int i = names.indexOf(key);
        return i < 0 ? null : values[i];
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super byte[]> action) {
        for (int i = 0; i < values.length; i++) {
            action.accept(names.name(i), values[i]);
        }
    }

    @Override
    public Set<Map.Entry<String, byte[]>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return values.length;
            }

            @Override
            public Iterator<Map.Entry<String, byte[]>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < values.length;
                    }

                    @Override
                    public Map.Entry<String, byte[]> next() {
                        if (next >= values.length) {
                            throw new NoSuchElementException();
                        }
                        int i = next++;
                        return new SimpleImmutableEntry<>(names.name(i), values[i]);
                    }
                };
            }
        };
    }
}
