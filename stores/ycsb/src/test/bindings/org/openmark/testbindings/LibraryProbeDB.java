package org.openmark.testbindings;

import java.io.StringWriter;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.HdrHistogram.Histogram;
import org.codehaus.jackson.map.ObjectMapper;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * A binding that brings libraries openmark also has, in other versions: HdrHistogram (an old jar on
 * its class path) and Jackson 1 (YCSB core's). It records every operation in its own histogram and
 * notes what it saw, for the class-loader isolation test: where its {@code Histogram} came from,
 * whether openmark's classes are visible, and its thread's context class loader.
 */
public class LibraryProbeDB extends DB {
    /** The jar {@code org.HdrHistogram.Histogram} was loaded from, as this binding sees it. */
    public static volatile String histogramJar;
    /** Whether {@code org.openmark.run.Runner} (openmark's harness) could be loaded from here. */
    public static volatile boolean seesOpenmark;
    /** Whether {@code init()} ran with this binding's loader as the context class loader. */
    public static volatile boolean contextLoaderIsOwn;
    /** The binding's own histogram of every operation's key length, all instances together (pre-flight pings left out). */
    public static final Histogram RECORDED = new Histogram(3);
    /** What Jackson 1 wrote in init(). */
    public static volatile String json;

    @Override
    public void init() throws DBException {
        histogramJar = Histogram.class.getProtectionDomain().getCodeSource().getLocation().toString();
        try {
            Class.forName("org.openmark.run.Runner", false, getClass().getClassLoader());
            seesOpenmark = true;
        } catch (ClassNotFoundException e) {
            seesOpenmark = false;
        }
        contextLoaderIsOwn = Thread.currentThread().getContextClassLoader() == getClass().getClassLoader();
        try {
            StringWriter out = new StringWriter();
            new ObjectMapper().writeValue(out, Map.of("binding", "probe"));
            json = out.toString();
        } catch (java.io.IOException e) {
            throw new DBException(e);
        }
    }

    private static Status record(String key) {
        if (key.equals("openmark-ping")) {
            return Status.NOT_FOUND;
        }
        synchronized (RECORDED) {
            RECORDED.recordValue(key.length());
        }
        return Status.OK;
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
        return record(key);
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
            Vector<HashMap<String, ByteIterator>> result) {
        return record(startkey);
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
        return record(key);
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
        return record(key);
    }

    @Override
    public Status delete(String table, String key) {
        return record(key);
    }
}
