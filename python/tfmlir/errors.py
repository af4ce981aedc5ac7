"""Exception classes named after TensorFlow's ``tf.errors``.

Every failure of the C++ runtime (an ``absl::Status`` with one of TF's error
codes) is raised as the :class:`OpError` subclass of its code, exactly as
TensorFlow raises them: ``InvalidArgumentError`` for a feed of the wrong
shape, ``NotFoundError`` for an unknown tensor or a missing file,
``FailedPreconditionError`` for an uninitialized variable,
``UnimplementedError`` for ops that do not compile, and so on. The code
numbers are TF's (error_codes.proto), which are absl's as well.
"""

OK = 0
CANCELLED = 1
UNKNOWN = 2
INVALID_ARGUMENT = 3
DEADLINE_EXCEEDED = 4
NOT_FOUND = 5
ALREADY_EXISTS = 6
PERMISSION_DENIED = 7
RESOURCE_EXHAUSTED = 8
FAILED_PRECONDITION = 9
ABORTED = 10
OUT_OF_RANGE = 11
UNIMPLEMENTED = 12
INTERNAL = 13
UNAVAILABLE = 14
DATA_LOSS = 15
UNAUTHENTICATED = 16


class OpError(Exception):
    """The base class of runtime errors (TF's ``tf.errors.OpError``).

    Attributes:
      message: the error message (names the file, node or tensor).
      error_code: one of the integer codes above (also ``code``).
      node_def, op: always None (TF fills them when an op fails; our
        messages name the node instead).
    """

    def __init__(self, node_def, op, message, error_code):
        super().__init__(message)
        self._node_def = node_def
        self._op = op
        self._message = message
        self._error_code = error_code

    @property
    def message(self):
        """The error message."""
        return self._message

    @property
    def error_code(self):
        """The integer error code (TF's error_codes.proto)."""
        return self._error_code

    @property
    def code(self):
        """Alias of ``error_code``."""
        return self._error_code

    @property
    def node_def(self):
        """Always None."""
        return self._node_def

    @property
    def op(self):
        """Always None."""
        return self._op

    def __str__(self):
        return self._message

    def __reduce__(self):
        return (type(self), self._init_args())

    def _init_args(self):
        return (self._node_def, self._op, self._message, self._error_code)


def _subclass(name, code, doc):
    def __init__(self, node_def, op, message, *args):
        OpError.__init__(self, node_def, op, message, code)

    def _init_args(self):
        return (self._node_def, self._op, self._message)

    return type(name, (OpError,), {"__init__": __init__, "_init_args": _init_args,
                                   "__doc__": doc})


CancelledError = _subclass("CancelledError", CANCELLED,
                           "The operation or session was cancelled (e.g. closed).")
UnknownError = _subclass("UnknownError", UNKNOWN, "An unknown error.")
InvalidArgumentError = _subclass(
    "InvalidArgumentError", INVALID_ARGUMENT,
    "An argument (feed, shape, dtype, file contents) is invalid.")
DeadlineExceededError = _subclass("DeadlineExceededError", DEADLINE_EXCEEDED,
                                  "A deadline expired.")
NotFoundError = _subclass("NotFoundError", NOT_FOUND,
                          "A file, node or tensor was not found.")
AlreadyExistsError = _subclass("AlreadyExistsError", ALREADY_EXISTS,
                               "An entity already exists.")
PermissionDeniedError = _subclass("PermissionDeniedError", PERMISSION_DENIED,
                                  "Permission denied.")
ResourceExhaustedError = _subclass("ResourceExhaustedError", RESOURCE_EXHAUSTED,
                                   "Memory or another resource ran out.")
FailedPreconditionError = _subclass(
    "FailedPreconditionError", FAILED_PRECONDITION,
    "The system is not in a state for the operation (e.g. uninitialized variable).")
AbortedError = _subclass("AbortedError", ABORTED, "The operation was aborted.")
OutOfRangeError = _subclass("OutOfRangeError", OUT_OF_RANGE,
                            "An index or iteration went out of range.")
UnimplementedError = _subclass("UnimplementedError", UNIMPLEMENTED,
                               "The operation is not implemented (e.g. an op "
                               "without a lowering).")
InternalError = _subclass("InternalError", INTERNAL,
                          "An internal error (e.g. code generation failed).")
UnavailableError = _subclass("UnavailableError", UNAVAILABLE,
                             "The runtime is unavailable.")
DataLossError = _subclass("DataLossError", DATA_LOSS,
                          "Unrecoverable data loss or corruption.")
UnauthenticatedError = _subclass("UnauthenticatedError", UNAUTHENTICATED,
                                 "Not authenticated.")

_CODE_TO_CLASS = {
    CANCELLED: CancelledError,
    UNKNOWN: UnknownError,
    INVALID_ARGUMENT: InvalidArgumentError,
    DEADLINE_EXCEEDED: DeadlineExceededError,
    NOT_FOUND: NotFoundError,
    ALREADY_EXISTS: AlreadyExistsError,
    PERMISSION_DENIED: PermissionDeniedError,
    RESOURCE_EXHAUSTED: ResourceExhaustedError,
    FAILED_PRECONDITION: FailedPreconditionError,
    ABORTED: AbortedError,
    OUT_OF_RANGE: OutOfRangeError,
    UNIMPLEMENTED: UnimplementedError,
    INTERNAL: InternalError,
    UNAVAILABLE: UnavailableError,
    DATA_LOSS: DataLossError,
    UNAUTHENTICATED: UnauthenticatedError,
}


def exception_type_from_error_code(error_code):
    """The OpError subclass for ``error_code`` (TF's function of that name)."""
    return _CODE_TO_CLASS[error_code]


def error_code_from_exception_type(cls):
    """The code of an OpError subclass (TF's function of that name)."""
    for code, c in _CODE_TO_CLASS.items():
        if c is cls:
            return code
    raise KeyError(cls)


def _from_status(code, message):
    """Builds the exception for an absl::Status (called by tfmlir._core)."""
    cls = _CODE_TO_CLASS.get(code)
    if cls is None:
        return OpError(None, None, message, code)
    return cls(None, None, message)
