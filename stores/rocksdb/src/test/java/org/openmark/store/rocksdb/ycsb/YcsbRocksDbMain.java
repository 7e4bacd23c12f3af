package org.openmark.store.rocksdb.ycsb;

import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Map;

/**
 * Runs {@link YcsbRocksDb} in a child JVM whose class path holds YCSB's RocksDB library
 * (rocksdbjni 6.2.2) instead of openmark's, so a test sees exactly what YCSB's binding sees.
 * {@code load DIR TABLE COUNT FIELDS LENGTH} loads records 0..COUNT-1 as YCSB loads them with
 * data integrity (the first half flushed into an SST file, the rest left in the write-ahead log);
 * {@code dump DIR TABLE} prints every record, a field a line: key, field and the value in hex,
 * tab-separated, then {@code records N}.
 */
public final class YcsbRocksDbMain {

    private YcsbRocksDbMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        String table = args[2];
        switch (args[0]) {
            case "load" -> {
                int count = Integer.parseInt(args[3]);
                int fields = Integer.parseInt(args[4]);
                int length = Integer.parseInt(args[5]);
                try (YcsbRocksDb db = YcsbRocksDb.open(dir)) {
                    for (int i = 0; i < count; i++) {
                        String key = YcsbData.key(i);
                        db.insert(table, key, YcsbData.record(key, fields, length));
                        if (i == count / 2) {
                            db.flush(table);
                        }
                    }
                }
                System.out.println("loaded " + count);
            }
            case "dump" -> {
                try (YcsbRocksDb db = YcsbRocksDb.open(dir)) {
                    Map<String, Map<String, byte[]>> records = db.records(table);
                    StringBuilder out = new StringBuilder();
                    records.forEach((key, fields) -> fields.forEach((name, value) -> out.append(key).append('\t')
                            .append(name).append('\t').append(HexFormat.of().formatHex(value)).append('\n')));
                    System.out.print(out);
                    System.out.println("records " + records.size());
                }
            }
            default -> throw new IllegalArgumentException("unknown command " + args[0]);
        }
    }
}
