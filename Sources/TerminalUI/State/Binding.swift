/// Read and write access to a value owned elsewhere (a parent's `@State`, a model).
@MainActor
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    private let read: @MainActor () -> Value
    private let write: @MainActor (Value) -> Void

    /// A binding from a getter and a setter.
    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        read = get
        write = set
    }

    /// A binding to a value that never changes (writes are ignored): for previews and tests.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The value.
    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    /// The binding itself (`$name` on a `@Binding` property).
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value (`$settings.limit`).
    public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Binding<Member> {
        Binding<Member>(get: { self.wrappedValue[keyPath: keyPath] },
                        set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }
}
