// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

// Test tokens for the local chains only. Minting is open to anyone on purpose: tests and the
// demo's seed give any account what it needs without holding a privileged key.

/// @title An ERC-20 with EIP-2612 permit and 6 decimals (so formatting is not only 18 decimals).
contract LatchTestToken is ERC20, ERC20Permit {
    constructor() ERC20("Latch Test Token", "LTT") ERC20Permit("Latch Test Token") {}

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}

/// @title An ERC-721 whose metadata lives under a base URI its owner (the deployer) sets.
contract LatchTestNFT is ERC721, Ownable {
    uint256 public nextTokenId = 1;
    string private baseURI;

    constructor() ERC721("Latch Test NFT", "LNFT") Ownable(msg.sender) {}

    function mint(address to) external returns (uint256 tokenId) {
        tokenId = nextTokenId++;
        _safeMint(to, tokenId);
    }

    function setBaseURI(string calldata uri) external onlyOwner {
        baseURI = uri;
    }

    function _baseURI() internal view override returns (string memory) {
        return baseURI;
    }
}

/// @title An ERC-1155 with one URI template for every id (ERC-1155's `{id}` substitution).
contract LatchTestMultiToken is ERC1155 {
    constructor() ERC1155("") {}

    function mint(address to, uint256 id, uint256 amount) external {
        _mint(to, id, amount, "");
    }
}

/// @title An unsolicited ERC-721 airdrop, the kind a wallet hides as spam.
contract LatchSpamNFT is ERC721 {
    uint256 public nextTokenId = 1;

    constructor() ERC721("Claim Your Reward", "CLAIM") {}

    /// Mints without `_safeMint`: airdrops do not ask the receiver either.
    function airdrop(address to) external returns (uint256 tokenId) {
        tokenId = nextTokenId++;
        _mint(to, tokenId);
    }
}
