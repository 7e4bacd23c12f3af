package org.openmark.store.rocksdb;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreException;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.DBOptions;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * Looks at a {@code rocksdb.dir} before the store opens it for writing, and refuses one in a
 * layout the store does not write, so a user's other data is never written to. Accepted: a
 * missing or empty directory, and a RocksDB database whose records are in YCSB's layout (what
 * YCSB's {@code RocksDBClient} or this store wrote). Refused: a directory with files but no
 * RocksDB database, and a database whose keys are not UTF-8 or whose values do not parse exactly
 * under YCSB's record encoding (openmark's earlier encoding is named as such).
 *
 * <p>The database is opened read-only for this (RocksDB then writes nothing: no log, no new
 * manifest, no flush of the write-ahead log), and only the first and last few records of each
 * column family are read, so the check costs a read-only open and a few seeks whatever the size.
 * A layout is one encoding for a whole table, so its ends tell it: the two encodings cannot be
 * mistaken for each other (see {@link EarlierRecordCodec}).
 */
final class DirectoryLayout {
    /** Records read from each end of every column family. */
    static final int RECORDS_CHECKED_AT_EACH_END = 8;
    /** Table files the read-only open keeps open: the few seeks need few, so a big database opens fast. */
    private static final int PROBE_MAX_OPEN_FILES = 64;
    private static final int ENTRIES_NAMED = 5;

    private DirectoryLayout() {
    }

    /**
     * Returns when the store may open {@code directory} for writing.
     *
     * @throws StoreConfigException naming {@code rocksdb.dir} when the directory is in another layout
     * @throws RocksDBException when RocksDB cannot open the database read-only
     */
    static void check(StoreDirectory directory, RocksDbOptions options) throws RocksDBException {
        Path dir = directory.path();
        List<String> entries = entries(dir);
        if (entries.isEmpty()) {
            return;
        }
        if (!Files.isRegularFile(dir.resolve("CURRENT"))) {
            throw refusal(directory, "is not empty and holds no RocksDB database (no CURRENT file; it holds "
                    + named(entries) + ")", "give a missing or empty directory, or one openmark or YCSB's"
                    + " RocksDBClient loaded");
        }
        List<byte[]> names;
        try (Options listing = new Options()) {
            names = RocksDB.listColumnFamilies(listing, dir.toString());
        }
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        for (byte[] name : names) {
            descriptors.add(new ColumnFamilyDescriptor(name, options.family(name)));
        }
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        try (DBOptions probe = new DBOptions(options.database).setMaxOpenFiles(PROBE_MAX_OPEN_FILES);
                ReadOptions read = new ReadOptions().setFillCache(false);
                RocksDB db = RocksDB.openReadOnly(probe, dir.toString(), descriptors, handles)) {
            try {
                for (ColumnFamilyHandle family : handles) {
                    checkEnds(directory, db, family, read);
                }
            } finally {
                handles.forEach(ColumnFamilyHandle::close);
            }
        }
    }

    /** Reads the first and the last records of {@code family}; refuses the directory at the first foreign one. */
    private static void checkEnds(StoreDirectory directory, RocksDB db, ColumnFamilyHandle family, ReadOptions read)
            throws RocksDBException {
        String familyName = new String(family.getName(), StandardCharsets.UTF_8);
        try (RocksIterator it = db.newIterator(family, read)) {
            it.seekToFirst();
            for (int n = 0; n < RECORDS_CHECKED_AT_EACH_END && it.isValid(); n++, it.next()) {
                checkRecord(directory, familyName, it.key(), it.value());
            }
            it.status();
            it.seekToLast();
            for (int n = 0; n < RECORDS_CHECKED_AT_EACH_END && it.isValid(); n++, it.prev()) {
                checkRecord(directory, familyName, it.key(), it.value());
            }
            it.status();
        }
    }

    private static void checkRecord(StoreDirectory directory, String family, byte[] key, byte[] value) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(key)).toString();
        } catch (CharacterCodingException e) {
            throw foreign(directory, "column family '" + family + "', key 0x" + hexStart(key) + ": the key is not UTF-8");
        }
        String malformation = RecordCodec.malformation(value);
        if (malformation == null) {
            return;
        }
        String where = "column family '" + family + "', key '" + shortened(text) + "'";
        if (EarlierRecordCodec.parses(value)) {
            throw refusal(directory, "holds records in openmark's earlier RocksDB encoding (" + where + ": a field count"
                    + " and varint lengths), which openmark no longer reads or writes and YCSB's RocksDBClient cannot"
                    + " read", "load the data again into a new rocksdb.dir with this openmark (the openmark release that"
                    + " wrote it still reads it)");
        }
        throw foreign(directory, where + ": " + malformation);
    }

    private static StoreConfigException foreign(StoreDirectory directory, String what) {
        return refusal(directory, "is a RocksDB database whose records are not in YCSB's RocksDBClient layout, the only"
                + " one openmark reads and writes (" + what + ")", "give a directory openmark or YCSB's RocksDBClient"
                + " loaded, or a new one");
    }

    private static StoreConfigException refusal(StoreDirectory directory, String found, String remedy) {
        return new StoreConfigException(RocksDbConfig.DIR, directory.path().toString(),
                found + "; nothing was written there: " + remedy);
    }

    private static List<String> entries(Path dir) {
        try (Stream<Path> listing = Files.list(dir)) {
            return listing.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new StoreException(RocksDbConfig.DIR + "=" + dir + ": cannot list the directory (" + e + ")", e);
        }
    }

    private static String named(List<String> entries) {
        String first = String.join(", ", entries.subList(0, Math.min(ENTRIES_NAMED, entries.size())));
        return entries.size() > ENTRIES_NAMED ? first + " and " + (entries.size() - ENTRIES_NAMED) + " more" : first;
    }

    private static String shortened(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "…";
    }

    private static String hexStart(byte[] key) {
        String hex = HexFormat.of().formatHex(key, 0, Math.min(key.length, 16));
        return key.length > 16 ? hex + "…" : hex;
    }
}
