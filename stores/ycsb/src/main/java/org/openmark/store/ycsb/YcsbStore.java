package org.openmark.store.ycsb;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.openmark.api.Session;
import org.openmark.api.Store;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreException;
import org.openmark.api.StoreProperties;
import org.openmark.store.ycsb.spi.BindingSessions;

/**
 * A YCSB binding as an openmark store. Opening builds the binding's class loader and checks the class
 * (it exists, is a public concrete {@code site.ycsb.DB} with a public no-argument constructor): what
 * is wrong there is bad input. Each session is a new binding instance, {@code init()}ed (see
 * {@code DbSessions}); when the first {@code init()} throws, the store does not answer
 * ({@link org.openmark.api.StoreUnreachableException}, from the harness's pre-flight); when a later
 * one throws, that session answers ERROR to every call, so the run goes on and counts it.
 *
 * <p>The anchor: from the first session on, the store keeps one more instance {@code init()}ed
 * until it closes. Most bindings share one client (a connection pool, a cluster session) among
 * their instances, count them in {@code init()} and close the client in the last one's
 * {@code cleanup()}. Without the anchor the pre-flight check's session would be that last one: the
 * binding would connect, disconnect, and connect again when the run opens its sessions (in the open
 * model, on the path that dispatches operations). YCSB's client keeps its instances for the whole
 * run; the anchor does the same across openmark's pre-flight, phases and validation.
 *
 * <p>The binding cannot tell whether a table is empty ({@link #isKnownEmpty} is false: load first,
 * as with YCSB), and its data lives wherever it says, so the store is not embedded. Its facts name the
 * binding class, the YCSB core it runs on, whether it has transactions, and the counts of what
 * openmark's statuses cannot show ({@link UnusualOutcomes}), counted since the store was opened.
 */
public final class YcsbStore implements Store {
    /** The tally label of a session whose {@code init()} failed after an earlier one had succeeded. */
    static final String INIT_FAILURES = "init.failures";
    private static final String DB_TYPE = "site.ycsb.DB";
    private static final String BRIDGE = "org.openmark.store.ycsb.bridge.DbSessions";

    private final YcsbConfig config;
    private final BindingClassLoader loader;
    private final BindingSessions sessions;
    private final UnusualOutcomes tally;
    private final String core;
    /** The instance kept from the first session to {@link #close()}, or null before the first. */
    private Session anchor;

    private YcsbStore(YcsbConfig config, BindingClassLoader loader, BindingSessions sessions, UnusualOutcomes tally,
            String core) {
        this.config = config;
        this.loader = loader;
        this.sessions = sessions;
        this.tally = tally;
        this.core = core;
    }

    /**
     * Loads and checks the binding class.
     *
     * @param all every property of the run: the binding gets them all
     * @throws StoreConfigException naming {@code ycsb.db} or {@code ycsb.classpath} when the class cannot be used
     */
    static YcsbStore open(YcsbConfig config, StoreProperties all) {
        List<Path> entries = new ArrayList<>(config.classPath());
        List<Path> bundled = BundledYcsb.jars();
        entries.addAll(bundled);
        BindingClassLoader loader = new BindingClassLoader(entries, YcsbStore.class.getClassLoader());
        try {
            Class<?> dbType = loader.loadClass(DB_TYPE);
            Class<?> type = bindingClass(config, loader, dbType);
            UnusualOutcomes tally = new UnusualOutcomes();
            BindingSessions sessions = bridge(config, loader, type, properties(config, all), tally);
            return new YcsbStore(config, loader, sessions, tally, origin(dbType, bundled));
        } catch (ClassNotFoundException e) {
            throw new StoreException("openmark's copy of YCSB's core has no " + DB_TYPE + ": rebuild openmark");
        } catch (RuntimeException | Error e) {
            closeQuietly(loader);
            throw e;
        }
    }

    private static Class<?> bindingClass(YcsbConfig config, ClassLoader loader, Class<?> dbType) {
        String name = config.dbClass();
        Class<?> type;
        try {
            type = Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw new StoreConfigException(YcsbConfig.DB, name, config.classPath().isEmpty()
                    ? "no such class in YCSB core " + BundledYcsb.version() + "; a binding's jars go on "
                            + YcsbConfig.CLASSPATH + ", e.g. --ycsb-classpath 'ycsb-mongodb-binding-0.17.0/lib/*'"
                    : "no such class on " + YcsbConfig.CLASSPATH + " (" + config.classPath().size()
                            + " entries) or in YCSB core " + BundledYcsb.version());
        } catch (LinkageError e) {
            throw new StoreConfigException(YcsbConfig.DB, name, "cannot be loaded (" + e + "); is every jar the"
                    + " binding needs on " + YcsbConfig.CLASSPATH + "?");
        }
        if (!dbType.isAssignableFrom(type)) {
            throw new StoreConfigException(YcsbConfig.DB, name, "is not a YCSB binding: it does not extend "
                    + DB_TYPE + (extendsOldYcsb(type) ? " (it extends com.yahoo.ycsb.DB, YCSB before 0.14: rebuild"
                            + " it against site.ycsb)" : ""));
        }
        if (Modifier.isAbstract(type.getModifiers()) || !Modifier.isPublic(type.getModifiers())) {
            throw new StoreConfigException(YcsbConfig.DB, name, "must be a public, concrete class (YCSB creates"
                    + " bindings through their public no-argument constructor)");
        }
        return type;
    }

    private static BindingSessions bridge(YcsbConfig config, ClassLoader loader, Class<?> type, Properties properties,
            UnusualOutcomes tally) {
        try {
            return (BindingSessions) loader.loadClass(BRIDGE)
                    .getConstructor(Class.class, Properties.class, String.class, String.class, Consumer.class)
                    .newInstance(type, properties, YcsbConfig.CLASSPATH, config.classPathText(), tally);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof NoSuchMethodException) {
                throw new StoreConfigException(YcsbConfig.DB, config.dbClass(), "has no public no-argument"
                        + " constructor (YCSB creates bindings through it)");
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof LinkageError missing && !(missing instanceof ExceptionInInitializerError)) {
                // the binding's class refers to a class on no entry (YCSB's RedisClient without Jedis)
                throw new StoreConfigException(YcsbConfig.CLASSPATH, config.classPathText().isEmpty() ? "(unset)"
                        : config.classPathText(), config.dbClass() + " cannot run: " + missing
                                + "; is every jar the binding needs on it?");
            }
            throw new StoreException("cannot set up " + config.dbClass() + ": " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new StoreException("openmark's YCSB bridge cannot be loaded (" + e + "): rebuild openmark", e);
        }
    }

    /** Every property of the run, plus YCSB's {@code db} (the class) as YCSB's client sets it. */
    private static Properties properties(YcsbConfig config, StoreProperties all) {
        Properties p = new Properties();
        all.asMap().forEach(p::setProperty);
        p.setProperty(YcsbConfig.YCSB_DB, config.dbClass());
        return p;
    }

    private static boolean extendsOldYcsb(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (c.getName().equals("com.yahoo.ycsb.DB")) {
                return true;
            }
        }
        return false;
    }

    /** Where {@code site.ycsb.DB} came from: the bundled core's version, or the file name of the binding's jar. */
    private static String origin(Class<?> dbType, List<Path> bundled) {
        CodeSource source = dbType.getProtectionDomain().getCodeSource();
        URL location = source == null ? null : source.getLocation();
        if (location == null) {
            return "?";
        }
        try {
            Path path = Path.of(location.toURI());
            return bundled.contains(path) ? BundledYcsb.version() : path.getFileName().toString();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return location.toString();
        }
    }

    /**
     * A new instance of the binding, {@code init()}ed. The first call also starts the anchor (see
     * the class notes); when that fails, the store does not answer.
     */
    @Override
    public Session newSession() {
        synchronized (this) {
            if (anchor == null) {
                anchor = sessions.open();
            }
        }
        try {
            return sessions.open();
        } catch (StoreException e) {
            tally.accept(INIT_FAILURES);
            return new FailedSession(e.getMessage());
        }
    }

    /** {@code YCSB binding CLASS}, for error messages. */
    @Override
    public String target() {
        return "YCSB binding " + config.dbClass();
    }

    /** Whether the binding has YCSB+T's start, commit and abort (the facts' {@code txn} is not {@code none}). */
    @Override
    public boolean hasTransactions() {
        return !"none".equals(sessions.facts().get("txn"));
    }

    /**
     * {@code binding} (the class), {@code core} (the YCSB core it runs on: openmark's version, or the
     * file name of a core jar on the binding's class path), {@code txn} (its
     * transaction methods) and the {@link UnusualOutcomes}'s counts since the store was opened.
     */
    @Override
    public Map<String, String> facts() {
        Map<String, String> facts = new TreeMap<>(sessions.facts());
        facts.put("binding", config.dbClass());
        facts.put("core", core);
        facts.putAll(tally.asFacts());
        return facts;
    }

    /** The validated settings. */
    public YcsbConfig config() {
        return config;
    }

    /** The binding's class loader (tests look into it). */
    ClassLoader bindingLoader() {
        return loader;
    }

    /** The count of one tally label, e.g. {@code status.FORBIDDEN} (tests). */
    long tallied(String label) {
        return tally.count(label);
    }

    /** Cleans the anchor up, then releases the binding's jars; the sessions are closed (each {@code cleanup()}ed) by then. */
    @Override
    public void close() {
        synchronized (this) {
            if (anchor != null) {
                anchor.close();
            }
        }
        closeQuietly(loader);
    }

    private static void closeQuietly(BindingClassLoader loader) {
        try {
            loader.close();
        } catch (IOException e) {
            // the jars stay open until the process ends; nothing else depends on it
        }
    }

    @Override
    public String toString() {
        return "YcsbStore[" + config.dbClass() + "]";
    }
}
