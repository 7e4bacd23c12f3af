package org.openmark.store.rocksdb.ycsb;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.InfoLogLevel;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * A RocksDB database opened, written and read the way YCSB's {@code site.ycsb.db.rocksdb.RocksDBClient}
 * does, with the plain RocksDB Java API (written from what the binding does, not copied): it opens
 * exactly the column families listed in {@code CF_NAMES} (only {@code default} when the file is
 * missing), each with {@code optimizeLevelStyleCompaction()}; creates a table's family on first
 * use; keys are UTF-8; a record is, per field, a 4-byte big-endian name length, the UTF-8 name, a
 * 4-byte big-endian value length and the value; closing writes {@code CF_NAMES}, {@code default}
 * first. Its own encoder and decoder, independent of the store's. Only API calls that RocksDB 6.2.2
 * (YCSB's) has too, so {@link YcsbRocksDbMain} runs it on that library in a child JVM.
 */
public final class YcsbRocksDb implements AutoCloseable {
    private static final String CF_NAMES = "CF_NAMES";

    private final Path dir;
    private final RocksDB db;
    private final DBOptions options;
    private final Map<String, ColumnFamilyHandle> families = new LinkedHashMap<>();
    private final List<ColumnFamilyOptions> familyOptions = new ArrayList<>();
    private final List<ColumnFamilyHandle> unlisted = new ArrayList<>();

    private YcsbRocksDb(Path dir, RocksDB db, DBOptions options) {
        this.dir = dir;
        this.db = db;
        this.options = options;
    }

    /** Opens {@code dir} as the binding's {@code init()} does (without an options file). */
    public static YcsbRocksDb open(Path dir) throws IOException, RocksDBException {
        RocksDB.loadLibrary();
        Files.createDirectories(dir);
        List<String> names = new ArrayList<>();
        if (Files.exists(dir.resolve(CF_NAMES))) {
            names.addAll(Files.readAllLines(dir.resolve(CF_NAMES), StandardCharsets.UTF_8));
        }
        DBOptions options = new DBOptions().setCreateIfMissing(true).setCreateMissingColumnFamilies(true)
                .setIncreaseParallelism(Runtime.getRuntime().availableProcessors() * 2)
                .setInfoLogLevel(InfoLogLevel.INFO_LEVEL);
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        List<ColumnFamilyOptions> familyOptions = new ArrayList<>();
        List<String> opened = new ArrayList<>();
        for (String name : names.isEmpty() ? List.of("default") : names) {
            ColumnFamilyOptions cf = new ColumnFamilyOptions().optimizeLevelStyleCompaction();
            familyOptions.add(cf);
            descriptors.add(new ColumnFamilyDescriptor(name.getBytes(StandardCharsets.UTF_8), cf));
            opened.add(name);
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        RocksDB db = RocksDB.open(options, dir.toAbsolutePath().toString(), descriptors, handles);
        YcsbRocksDb ycsb = new YcsbRocksDb(dir, db, options);
        ycsb.familyOptions.addAll(familyOptions);
        for (int i = 0; i < opened.size(); i++) {
            if (!names.isEmpty()) { // without CF_NAMES the binding opens default unnamed and never lists it itself
                ycsb.families.put(opened.get(i), handles.get(i));
            } else {
                ycsb.unlisted.add(handles.get(i));
            }
        }
        return ycsb;
    }

    /** The binding's {@code insert}: the whole record under the key. */
    public void insert(String table, String key, Map<String, byte[]> fields) throws RocksDBException {
        db.put(family(table), key.getBytes(StandardCharsets.UTF_8), encode(fields));
    }

    /** Flushes the table's memtable into an SST file, so a reader goes through the table format. */
    public void flush(String table) throws RocksDBException {
        try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
            db.flush(flush, family(table));
        }
    }

    /** Every record of the table by key (decoded as the binding's {@code scan} decodes). */
    public Map<String, Map<String, byte[]>> records(String table) throws RocksDBException {
        Map<String, Map<String, byte[]>> out = new TreeMap<>();
        try (RocksIterator it = db.newIterator(family(table))) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                out.put(new String(it.key(), StandardCharsets.UTF_8), decode(it.value()));
            }
            it.status(); // the binding's scan stops silently on an error; the test wants to see it
        }
        return out;
    }

    private ColumnFamilyHandle family(String table) throws RocksDBException {
        ColumnFamilyHandle handle = families.get(table);
        if (handle == null) {
            ColumnFamilyOptions cf = new ColumnFamilyOptions().optimizeLevelStyleCompaction();
            familyOptions.add(cf);
            handle = db.createColumnFamily(new ColumnFamilyDescriptor(table.getBytes(StandardCharsets.UTF_8), cf));
            families.put(table, handle);
        }
        return handle;
    }

    /** The binding's last {@code cleanup()}: closes everything, then writes {@code CF_NAMES}. */
    @Override
    public void close() throws IOException {
        for (ColumnFamilyHandle handle : families.values()) {
            handle.close();
        }
        unlisted.forEach(ColumnFamilyHandle::close);
        db.close();
        options.close();
        familyOptions.forEach(ColumnFamilyOptions::close);
        StringBuilder text = new StringBuilder("default\n");
        for (String name : families.keySet()) {
            text.append(name).append('\n'); // the binding lists default twice when it opened it by name
        }
        Files.writeString(dir.resolve(CF_NAMES), text, StandardCharsets.UTF_8);
    }

    /** YCSB's record encoding. */
    public static byte[] encode(Map<String, byte[]> fields) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Map.Entry<String, byte[]> field : fields.entrySet()) {
            byte[] name = field.getKey().getBytes(StandardCharsets.UTF_8);
            out.writeBytes(ByteBuffer.allocate(4).putInt(name.length).array());
            out.writeBytes(name);
            out.writeBytes(ByteBuffer.allocate(4).putInt(field.getValue().length).array());
            out.writeBytes(field.getValue());
        }
        return out.toByteArray();
    }

    /** YCSB's record decoding; throws on anything that is not exactly such a record. */
    public static Map<String, byte[]> decode(byte[] record) {
        ByteBuffer in = ByteBuffer.wrap(record);
        Map<String, byte[]> fields = new TreeMap<>();
        while (in.hasRemaining()) {
            byte[] name = new byte[in.getInt()];
            in.get(name);
            byte[] value = new byte[in.getInt()];
            in.get(value);
            fields.put(new String(name, StandardCharsets.UTF_8), value);
        }
        return fields;
    }
}
