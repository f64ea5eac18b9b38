// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title LatchTestEns
/// @notice Names for a local chain, answered the way ENS's UniversalResolver answers the calls a
/// client makes (`resolveWithGateways`, `reverseWithGateways`, with its errors): forward address
/// (`addr`, coin type 60), primary name (reverse record, checked against the forward one) and text
/// records. One owner (immutable, so the runtime code can be placed at the UniversalResolver's
/// well-known address with `anvil_setCode`) sets the records. Only for local test chains.
contract LatchTestEns {
    error ResolverNotFound(bytes name);
    error UnsupportedResolverProfile(bytes4 selector);
    error ReverseAddressMismatch(string primary, bytes primaryAddress);
    error NotOwner();

    address private immutable owner;

    struct Record {
        bool exists;
        address addr;
    }

    mapping(bytes32 => Record) private records;
    mapping(bytes32 => mapping(string => string)) private texts;
    mapping(address => string) private primaryNames;
    mapping(address => bytes32) private primaryNodes;

    constructor(address owner_) {
        owner = owner_;
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    /// @notice Registers `name` (its namehash `node`) pointing at `addr`, as `addr`'s primary name.
    function register(bytes32 node, string calldata name, address addr) external onlyOwner {
        records[node] = Record(true, addr);
        primaryNames[addr] = name;
        primaryNodes[addr] = node;
    }

    /// @notice Sets the text record `key` of a registered name.
    function setText(bytes32 node, string calldata key, string calldata value) external onlyOwner {
        if (!records[node].exists) revert ResolverNotFound("");
        texts[node][key] = value;
    }

    /// @dev The namehash of a DNS-encoded name (length-prefixed labels, ending with a zero byte).
    function namehash(bytes calldata name, uint256 offset) private pure returns (bytes32) {
        uint256 length = uint8(name[offset]);
        if (length == 0) return bytes32(0);
        bytes32 label = keccak256(name[offset + 1:offset + 1 + length]);
        return keccak256(abi.encodePacked(namehash(name, offset + 1 + length), label));
    }

    /// @notice Answers a resolver call (`addr`, `addr` with coin type 60, `text`) for a DNS-encoded name.
    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata)
        external
        view
        returns (bytes memory, address)
    {
        bytes32 node = namehash(name, 0);
        Record memory record = records[node];
        if (!record.exists) revert ResolverNotFound(name);
        bytes4 selector = bytes4(data[:4]);
        if (selector == 0x3b3b57de) return (abi.encode(record.addr), address(this));
        if (selector == 0xf1cb7e06) {
            (, uint256 coinType) = abi.decode(data[4:], (bytes32, uint256));
            if (coinType != 60) return (abi.encode(bytes("")), address(this));
            return (abi.encode(abi.encodePacked(record.addr)), address(this));
        }
        if (selector == 0x59d1d43c) {
            (, string memory key) = abi.decode(data[4:], (bytes32, string));
            return (abi.encode(texts[node][key]), address(this));
        }
        revert UnsupportedResolverProfile(selector);
    }

    /// @notice The primary name of an address (coin type 60), only when its name points back at it.
    function reverseWithGateways(bytes calldata lookupAddress, uint256 coinType, string[] calldata)
        external
        view
        returns (string memory, address, address)
    {
        if (coinType != 60 || lookupAddress.length != 20) return ("", address(0), address(0));
        address addr = address(bytes20(lookupAddress));
        string memory primary = primaryNames[addr];
        if (bytes(primary).length == 0) return ("", address(0), address(0));
        address forward = records[primaryNodes[addr]].addr;
        if (forward != addr) revert ReverseAddressMismatch(primary, abi.encodePacked(forward));
        return (primary, address(this), address(this));
    }
}
