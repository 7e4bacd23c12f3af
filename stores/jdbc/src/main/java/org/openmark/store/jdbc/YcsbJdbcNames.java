package org.openmark.store.jdbc;

import java.util.Set;
import org.openmark.api.Secrets;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;

/**
 * The property names of YCSB's JdbcDBClient, read beside openmark's own so that a {@code -P} file
 * written for YCSB's binding works unchanged. Each is honoured as YCSB's binding does, or refused
 * with what to do instead; none is ignored. A setting given under both names with different
 * values is refused.
 */
final class YcsbJdbcNames {
    static final String DRIVER = "db.driver";
    static final String URL = "db.url";
    static final String USER = "db.user";
    static final String PASSWORD = "db.passwd";
    static final String BATCH_SIZE = "db.batchsize";
    /** YCSB's name, and openmark's: the fetch size of scans. */
    static final String FETCH_SIZE = "jdbc.fetchsize";
    static final String AUTO_COMMIT = "jdbc.autocommit";
    static final String BATCH_UPDATE_API = "jdbc.batchupdateapi";
    static final Set<String> NAMES = Set.of(DRIVER, URL, USER, PASSWORD, BATCH_SIZE, FETCH_SIZE, AUTO_COMMIT,
            BATCH_UPDATE_API);

    private static final String RUN_YCSB_BINDING = "--store ycsb -p ycsb.db=site.ycsb.db.JdbcDBClient"
            + " --ycsb-classpath 'ycsb-jdbc-binding-0.17.0/lib/*:DRIVER.jar' runs YCSB's binding itself";

    private YcsbJdbcNames() {
    }

    /**
     * The value under openmark's name or YCSB's, whichever is set (blank counts as unset: YCSB's
     * binding defaults its user and password to ""); {@code null} when neither is.
     *
     * @param secret whether the value must not appear in a message
     */
    static String either(StoreProperties properties, String ours, String ycsbs, boolean secret) {
        String own = blankToNull(properties.get(ours));
        String theirs = blankToNull(properties.get(ycsbs));
        if (own != null && theirs != null && !own.equals(theirs)) {
            throw new StoreConfigException(ycsbs, secret ? Secrets.MASK : Secrets.maskInside(theirs), "differs from "
                    + ours + "=" + (secret ? Secrets.MASK : Secrets.maskInside(own)) + " (" + ycsbs
                    + " is YCSB's name for it); give one of them");
        }
        return own != null ? own : theirs;
    }

    /**
     * YCSB's {@code db.url}, refused when it lists several {@code ;}-separated URLs: YCSB's binding
     * then spreads keys over the databases by {@code String.hashCode}, a sharding openmark does not do.
     */
    static void checkSingleUrl(StoreProperties properties) {
        String url = properties.get(URL);
        if (url == null) {
            return;
        }
        int databases = 0;
        for (String part : url.split(";")) {
            if (part.trim().toLowerCase(java.util.Locale.ROOT).startsWith("jdbc:")) {
                databases++;
            }
        }
        if (databases > 1) {
            throw new StoreConfigException(URL, Secrets.maskInside(url), databases + " ';'-separated URLs: YCSB's binding"
                    + " shards keys over them by String.hashCode, which openmark's jdbc store does not do; give one URL"
                    + " (a driver's failover list such as jdbc:postgresql://h1:5432,h2:5432/db is one URL), or "
                    + RUN_YCSB_BINDING);
        }
    }

    /** Loads {@code db.driver} when given, as YCSB's binding does (a JDBC 4 driver also registers itself). */
    static void loadDriver(StoreProperties properties) {
        String driver = blankToNull(properties.get(DRIVER));
        if (driver == null) {
            return;
        }
        try {
            Class.forName(driver.trim(), true, YcsbJdbcNames.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new StoreConfigException(DRIVER, driver, "no such class on the classpath: put the driver's jar on"
                    + " the classpath (PostgreSQL's, org.postgresql.Driver, is included)");
        }
    }

    /**
     * Refuses {@code jdbc.autocommit=false}: YCSB's binding then commits inserts only (each, or every
     * {@code db.batchsize}) and leaves every other write uncommitted, holding its locks, until the
     * run ends. openmark commits each operation outside a unit of work.
     */
    static void checkAutoCommit(StoreProperties properties) {
        if (!properties.getBoolean(AUTO_COMMIT, true)) {
            throw new StoreConfigException(AUTO_COMMIT, properties.get(AUTO_COMMIT), "openmark commits every operation"
                    + " outside a unit of work, where YCSB's binding with autocommit off commits only inserts and"
                    + " holds every other write uncommitted until the run ends; drop it (jdbc.batchsize batches"
                    + " inserts), or " + RUN_YCSB_BINDING);
        }
    }

    /**
     * The insert batch YCSB's properties ask for: {@code db.batchsize} when
     * {@code jdbc.batchupdateapi=true} (YCSB's {@code addBatch}/{@code executeBatch}, as openmark's
     * {@code jdbc.batchsize}); {@code null} when they ask for none. Without the batch API, and
     * with autocommit on, YCSB's binding sends every insert on its own whatever {@code db.batchsize}
     * says, and so does openmark.
     */
    static Integer batchSize(StoreProperties properties) {
        int size = properties.getInt(BATCH_SIZE, -1); // checks that a given value is a number
        if (!properties.getBoolean(BATCH_UPDATE_API, false)) {
            return null;
        }
        if (size < 1) {
            throw new StoreConfigException(BATCH_UPDATE_API, properties.get(BATCH_UPDATE_API), "needs "
                    + BATCH_SIZE + " >= 1 (it is " + (properties.contains(BATCH_SIZE) ? properties.get(BATCH_SIZE)
                    : "unset") + "): YCSB's binding would queue every insert and never send them; set " + BATCH_SIZE);
        }
        return size;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
