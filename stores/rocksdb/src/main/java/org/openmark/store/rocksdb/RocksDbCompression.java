package org.openmark.store.rocksdb;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.openmark.api.StoreConfigException;
import org.rocksdb.CompressionType;

/** The block compressions {@code rocksdb.compression} may name. */
public enum RocksDbCompression {
    NONE(CompressionType.NO_COMPRESSION),
    LZ4(CompressionType.LZ4_COMPRESSION),
    SNAPPY(CompressionType.SNAPPY_COMPRESSION),
    ZSTD(CompressionType.ZSTD_COMPRESSION);

    private final CompressionType nativeType;

    RocksDbCompression(CompressionType nativeType) {
        this.nativeType = nativeType;
    }

    /** The RocksDB type this names. */
    CompressionType nativeType() {
        return nativeType;
    }

    /** The value users write, e.g. {@code lz4}. */
    public String propertyValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a property value (case-insensitive); the error names the allowed values. */
    static RocksDbCompression parse(String property, String value) {
        for (RocksDbCompression c : values()) {
            if (c.propertyValue().equalsIgnoreCase(value.trim())) {
                return c;
            }
        }
        String allowed = Arrays.stream(values()).map(RocksDbCompression::propertyValue)
                .collect(Collectors.joining(", "));
        throw new StoreConfigException(property, value, "must be one of " + allowed);
    }
}
