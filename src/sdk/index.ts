// PLACEHOLDER: the plugin SDK lands here.
export {};
