package org.openmark.store.ycsb.bridge;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.Map;
import java.util.Properties;
import java.util.function.Consumer;
import org.openmark.api.Session;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreUnreachableException;
import org.openmark.store.ycsb.spi.BindingSessions;
import site.ycsb.DB;
import site.ycsb.DBException;

/**
 * Makes sessions the way YCSB's client makes its DB instances: a new instance per session (YCSB: per
 * client thread) through the public no-argument constructor, {@code setProperties} with the one
 * shared property set, then {@code init()}. Created once per store, by reflection, from openmark's side.
 */
public final class DbSessions implements BindingSessions {
    private final Constructor<? extends DB> constructor;
    private final Properties properties;
    private final String classPathProperty;
    private final String classPath;
    private final Consumer<String> tally;
    private final TxnMethods txn;
    private final ClassLoader loader;

    /**
     * @param type the binding class, checked by the store to be a public, concrete {@code site.ycsb.DB}
     * @param properties every property of the run, as YCSB's client would hold them
     * @param classPathProperty and {@code classPath}: the property naming the binding's class path and
     *     its value, for the message when a class the binding needs is missing
     * @param tally counts what openmark's statuses do not show, by label
     * @throws NoSuchMethodException when the class has no public no-argument constructor
     */
    public DbSessions(Class<?> type, Properties properties, String classPathProperty, String classPath,
            Consumer<String> tally) throws NoSuchMethodException {
        Class<? extends DB> dbType = type.asSubclass(DB.class);
        this.constructor = dbType.getConstructor();
        this.properties = properties;
        this.classPathProperty = classPathProperty;
        this.classPath = classPath;
        this.tally = tally;
        this.txn = TxnMethods.of(dbType);
        this.loader = DbSessions.class.getClassLoader();
    }

    @Override
    public Session open() {
        String name = constructor.getDeclaringClass().getName();
        Thread thread = Thread.currentThread();
        ClassLoader caller = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            DB db = constructor.newInstance();
            db.setProperties(properties);
            db.init();
            return new DbSession(db, txn, loader, tally);
        } catch (InvocationTargetException e) {
            throw failed(name + "'s constructor", e.getCause());
        } catch (DBException | RuntimeException e) {
            throw failed(name + ".init()", e);
        } catch (LinkageError e) {
            throw missingClass(name, e);
        } catch (ReflectiveOperationException e) {
            throw new StoreUnreachableException("cannot create " + name + ": " + DbSession.describe(e));
        } finally {
            thread.setContextClassLoader(caller);
        }
    }

    @Override
    public Map<String, String> facts() {
        return Map.of("txn", txn.describe());
    }

    private RuntimeException failed(String what, Throwable cause) {
        if (cause instanceof LinkageError linkage) {
            return missingClass(constructor.getDeclaringClass().getName(), linkage);
        }
        return new StoreUnreachableException(what + " failed: " + DbSession.describe(cause));
    }

    /**
     * A class the binding needs is on no entry of its class path (NoClassDefFoundError and kin): bad
     * input. A static initializer that threw is the binding failing to start, like {@code init()}.
     */
    private RuntimeException missingClass(String name, LinkageError e) {
        if (e instanceof ExceptionInInitializerError && e.getCause() != null) {
            return new StoreUnreachableException("a static initializer of " + name + " failed: "
                    + DbSession.describe(e.getCause()));
        }
        return new StoreConfigException(classPathProperty, classPath.isEmpty() ? "(unset)" : classPath,
                name + " cannot run: " + DbSession.describe(e) + "; is every jar the binding needs on it?");
    }
}
