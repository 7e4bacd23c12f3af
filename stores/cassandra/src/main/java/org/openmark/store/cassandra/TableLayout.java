package org.openmark.store.cassandra;

import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.openmark.api.StoreConfigException;

/**
 * What openmark makes of an existing table: YCSB's layout ({@code y_id varchar PRIMARY KEY} and
 * varchar fields), whose fields it keeps as text, or its own earlier one (blob fields), whose fields
 * it keeps as bytes. Anything else is a layout openmark does not write and is refused, before
 * anything is written to it. Pure: it decides from the columns alone.
 *
 * @param keyColumn the key column ({@value CassandraSchema#KEY_COLUMN})
 * @param fields every other column and how its values are kept, in the table's order
 */
record TableLayout(String keyColumn, Map<String, FieldEncoding> fields) {

    TableLayout {
        fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    /** A column: its name and its CQL type as the driver's metadata writes it ({@code text}, {@code blob}, ...). */
    record Column(String name, String cqlType) {
        static Column of(ColumnMetadata column) {
            return new Column(column.getName().asInternal(), column.getType().asCql(false, true));
        }
    }

    /** A table's columns by role. {@code others} are the columns outside the primary key. */
    record Shape(String keyspace, String table, List<Column> partitionKey, List<Column> clustering,
            List<Column> others) {
        static Shape of(TableMetadata metadata) {
            List<Column> partitionKey = metadata.getPartitionKey().stream().map(Column::of).toList();
            List<Column> clustering = metadata.getClusteringColumns().keySet().stream().map(Column::of).toList();
            Set<ColumnMetadata> key = new java.util.HashSet<>(metadata.getPrimaryKey());
            List<Column> others = metadata.getColumns().values().stream().filter(c -> !key.contains(c))
                    .map(Column::of).toList();
            return new Shape(metadata.getKeyspace().asInternal(), metadata.getName().asInternal(), partitionKey,
                    clustering, others);
        }
    }

    /** The layout openmark creates: YCSB's, with {@code fields} as varchar columns. */
    static TableLayout created(List<String> fields) {
        Map<String, FieldEncoding> encodings = new LinkedHashMap<>();
        fields.forEach(f -> encodings.put(f, FieldEncoding.TEXT));
        return new TableLayout(CassandraSchema.KEY_COLUMN, encodings);
    }

    /**
     * The layout of an existing table.
     *
     * @param fieldsWritten the field columns the run writes: each must exist
     * @throws StoreConfigException naming {@code table} when openmark does not write this layout:
     *         the key is not {@code y_id} of type text (varchar) alone, or a field column is missing or
     *         neither text nor blob
     */
    static TableLayout of(Shape shape, List<String> fieldsWritten) {
        List<String> found = new ArrayList<>();
        String key = CassandraSchema.KEY_COLUMN;
        List<Column> partitionKey = shape.partitionKey();
        if (partitionKey.size() != 1 || !partitionKey.get(0).name().equals(key)) {
            found.add("the partition key is (" + names(partitionKey) + "), not " + key + " alone");
        } else if (FieldEncoding.ofCqlType(partitionKey.get(0).cqlType()) != FieldEncoding.TEXT) {
            found.add(key + " is " + partitionKey.get(0).cqlType() + ", not varchar");
        }
        if (!shape.clustering().isEmpty()) {
            found.add("clustering column" + (shape.clustering().size() == 1 ? " " : "s ") + names(shape.clustering())
                    + " (the primary key must be " + key + " alone)");
        }
        Map<String, FieldEncoding> fields = new LinkedHashMap<>();
        for (Column column : shape.others()) {
            FieldEncoding encoding = FieldEncoding.ofCqlType(column.cqlType());
            if (encoding == null) {
                found.add(column.name() + " is " + column.cqlType() + " (fields must be varchar, or blob)");
            } else {
                fields.put(column.name(), encoding);
            }
        }
        List<String> missing = new ArrayList<>();
        for (String field : fieldsWritten) {
            if (shape.others().stream().noneMatch(c -> c.name().equals(field))) {
                missing.add(field);
            }
        }
        if (!missing.isEmpty()) {
            found.add("no column " + String.join(", ", missing) + " (the run writes " + fieldsWritten.get(0)
                    + (fieldsWritten.size() > 1 ? " .. " + fieldsWritten.get(fieldsWritten.size() - 1) : "")
                    + ": fieldcount, fieldnameprefix)");
        }
        if (!found.isEmpty()) {
            throw refusal(shape, String.join("; ", found));
        }
        return new TableLayout(key, fields);
    }

    /** {@code text} when every field is text, {@code blob} when every one is a blob, else {@code text+blob}. */
    String fieldTypes() {
        boolean text = fields.containsValue(FieldEncoding.TEXT);
        boolean blob = fields.containsValue(FieldEncoding.BLOB);
        return text && blob ? "text+blob" : blob ? "blob" : "text";
    }

    private static StoreConfigException refusal(Shape shape, String found) {
        return new StoreConfigException(CassandraConfig.TABLE, shape.table(), "table " + shape.keyspace() + "."
                + shape.table() + " is in a layout openmark does not write (" + found + "); openmark reads and"
                + " writes YCSB's (y_id varchar PRIMARY KEY, varchar fields) and its own earlier one (blob fields)."
                + " Nothing was written: use another table (-p table=NAME) or keyspace (-p cassandra.keyspace=NAME),"
                + " or drop this one");
    }

    private static String names(List<Column> columns) {
        return String.join(", ", columns.stream().map(Column::name).toList());
    }
}
